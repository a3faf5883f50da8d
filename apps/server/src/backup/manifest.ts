// Issue #22: what a backup folder holds and how its files are checked. A backup is complete when
// its manifest is there (written last); every file it names carries its SHA-256, and every
// document under berkas/ is named by its own SHA-256, so each one checks itself.

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSha256 } from '../storage/berkas-store.js';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'portal-verifikasi-asn/cadangan-1';
/** The documents' folder inside a backup (same layout as the folder store: xx/<sha256>). */
export const BERKAS_DIR = 'berkas';

export interface BackupFile {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  app: { version: string; node: string };
  database: {
    kind: 'postgres' | 'pglite';
    /** PostgreSQL's server_version (the embedded one's for PGlite). */
    serverVersion: string;
    /** What wrote the dump: `pg_dump (PostgreSQL) 15.x`, or PGlite's dumpDataDir. */
    tool: string;
    /** The dump, relative to the backup folder. */
    file: string;
  };
  /** The migrations applied (names); `latest` is the schema's level. */
  migrations: { applied: string[]; latest: string | null };
  /** Rows per table, read in the same snapshot as the dump. */
  tables: Record<string, number>;
  /** The documents: where they lived, how many, how big; `folder` when copied into the backup. */
  berkas: { store: 'folder' | 'postgres' | 's3'; count: number; bytes: number; folder: string | null };
  /** Every file of the backup except the documents (which are named by their hash). */
  files: BackupFile[];
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function describeFile(dir: string, relative: string): Promise<BackupFile> {
  const full = path.join(dir, relative);
  return { path: relative, size: (await stat(full)).size, sha256: await sha256OfFile(full) };
}

/** The documents of a backup folder, as [hash, file] (files not named by a hash are refused). */
export async function* backupDocuments(dir: string): AsyncIterable<[string, string]> {
  const root = path.join(dir, BERKAS_DIR);
  const prefixes = await readdir(root).catch(() => [] as string[]);
  for (const prefix of prefixes.sort()) {
    for (const name of (await readdir(path.join(root, prefix))).sort()) {
      if (!isSha256(name) || !name.startsWith(prefix)) {
        throw new Error(`berkas cadangan tidak dikenal: ${path.join(BERKAS_DIR, prefix, name)}`);
      }
      yield [name, path.join(root, prefix, name)];
    }
  }
}
