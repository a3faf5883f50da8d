// Uploaded and generated files, stored by content (sha-256): the same bytes are kept once however
// many documents point at them. One small interface and what every store shares; the stores are
// the folder (embedded), PostgreSQL and S3-compatible object storage (issue #22), chosen in
// open-berkas-store.ts.

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ERROR_CODES } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

export type BerkasMime = 'application/pdf' | 'image/jpeg' | 'image/png';

export interface BerkasStore {
  /** Stores the bytes (once) and returns their sha-256 in hex; all or nothing. */
  put(bytes: Uint8Array): Promise<string>;
  /**
   * Stores a file on disk (a large generated document) without holding it in memory; `sha256` is
   * its hash, computed by the caller while writing it. All or nothing, like put.
   */
  putFile(file: string, sha256: string): Promise<string>;
  /** The stored bytes as a stream, or undefined when no file has that hash. */
  open(sha256: string): Promise<Readable | undefined>;
  /** Whether a file with that hash is stored (without reading it). */
  exists(sha256: string): Promise<boolean>;
  /** Every stored file's hash, in no promised order (backups, moves between stores). */
  list(): AsyncIterable<string>;
  /**
   * Issue #33: deletes a stored file (a list export, full of NIKs, once it has expired). Nothing
   * when no file has that hash. The caller makes sure nothing else refers to the hash: the store is
   * content-addressed, so equal bytes are one file.
   */
  hapus(sha256: string): Promise<void>;
}

/** Hashes as the stores name files: 64 lowercase hex digits; anything else is no file. */
export const isSha256 = (value: string) => /^[0-9a-f]{64}$/.test(value);

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Issue #17: a write the disk refused, as the answer the user gets: 507 when the disk is full,
 * 503 when the store cannot be written at all (read-only, no permission). Other errors as they are.
 */
export function storageError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  // The disk's own words, and PostgreSQL's disk_full when documents live there.
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') {
    return new AppError(
      507,
      ERROR_CODES.storageFull,
      'Ruang penyimpanan berkas di server penuh; berkas tidak tersimpan. Hubungi admin portal.',
    );
  }
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return new AppError(
      503,
      ERROR_CODES.storageUnavailable,
      'Penyimpanan berkas sedang tidak dapat ditulis; berkas tidak tersimpan. Coba lagi sebentar lagi atau hubungi admin portal.',
    );
  }
  return error;
}

/** A stored file as a document or a claim's evidence points at it. */
export interface BerkasRef {
  sha256: string;
  mime: string;
  size: number;
  nama_file: string;
}

/** Sends a stored file inline (the viewer shows it; a new tab can open it), never cached (issue #30). */
export async function sendBerkas(reply: FastifyReply, files: BerkasStore, berkas: BerkasRef) {
  const stream = await files.open(berkas.sha256);
  if (!stream) throw new AppError(404, 'NOT_FOUND', 'Berkas dokumen tidak tersedia.');
  return reply
    .header('Content-Type', berkas.mime)
    .header('Content-Length', berkas.size)
    .header('Content-Disposition', `inline; filename="${berkas.nama_file.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}
