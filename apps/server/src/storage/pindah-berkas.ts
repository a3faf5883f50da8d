// Issue #22: moving the documents an installation kept in its folder (DATA_DIR/berkas) into the
// store it is configured for now (PostgreSQL or S3), for `npm run berkas:pindah`. Each file is read,
// stored, read back and compared by hash; only then, when asked, is it removed from the folder.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type BerkasStore, isSha256 } from './berkas-store.js';

export interface PindahHasil {
  dipindah: number;
  sudahAda: number;
  gagal: { sha256: string; alasan: string }[];
  bytes: number;
}

async function hashOf(store: BerkasStore, sha256: string): Promise<string | undefined> {
  const stream = await store.open(sha256);
  if (!stream) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function pindahkanBerkas(
  folder: string,
  target: BerkasStore,
  options: { hapusSumber?: boolean; onProgress?: (done: number) => void } = {},
): Promise<PindahHasil> {
  const result: PindahHasil = { dipindah: 0, sudahAda: 0, gagal: [], bytes: 0 };
  if (!existsSync(folder)) return result;
  for (const prefix of await readdir(folder)) {
    for (const name of await readdir(path.join(folder, prefix)).catch(() => [] as string[])) {
      // Only stored files: a partial write (".sebagian") or anything else is left alone.
      if (!isSha256(name) || !name.startsWith(prefix)) continue;
      const file = path.join(folder, prefix, name);
      try {
        const already = (await hashOf(target, name)) === name;
        if (!already) {
          const bytes = await readFile(file);
          if ((await target.put(bytes)) !== name || (await hashOf(target, name)) !== name) {
            throw new Error('isi berkas tidak cocok dengan namanya (sha-256)');
          }
          result.bytes += bytes.length;
        }
        result[already ? 'sudahAda' : 'dipindah'] += 1;
        if (options.hapusSumber) await rm(file);
      } catch (error) {
        result.gagal.push({ sha256: name, alasan: error instanceof Error ? error.message : String(error) });
      }
      options.onProgress?.(result.dipindah + result.sudahAda + result.gagal.length);
    }
  }
  return result;
}
