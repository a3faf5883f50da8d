// Uploaded and generated files, stored by content (sha-256): the same bytes are kept once however
// many documents point at them. One small interface; the local folder is the embedded
// implementation (DATA_DIR/berkas), object storage would be the other.

import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

export type BerkasMime = 'application/pdf' | 'image/jpeg' | 'image/png';

export interface BerkasStore {
  /** Stores the bytes (once) and returns their sha-256 in hex. */
  put(bytes: Uint8Array): Promise<string>;
  /** The stored bytes, or undefined when no file has that hash. */
  open(sha256: string): Readable | undefined;
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class LocalBerkasStore implements BerkasStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Of(bytes);
    const file = this.pathOf(sha256);
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    }
    return sha256;
  }

  open(sha256: string): Readable | undefined {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
    const file = this.pathOf(sha256);
    return existsSync(file) ? createReadStream(file) : undefined;
  }
}

/** A stored file as a document or a claim's evidence points at it. */
export interface BerkasRef {
  sha256: string;
  mime: string;
  size: number;
  nama_file: string;
}

/** Sends a stored file inline (the viewer shows it; a new tab can open it). */
export function sendBerkas(reply: FastifyReply, files: BerkasStore, berkas: BerkasRef) {
  const stream = files.open(berkas.sha256);
  if (!stream) throw new AppError(404, 'NOT_FOUND', 'Berkas dokumen tidak tersedia.');
  return reply
    .header('Content-Type', berkas.mime)
    .header('Content-Length', berkas.size)
    .header('Content-Disposition', `inline; filename="${berkas.nama_file.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'private, max-age=3600')
    .send(stream);
}
