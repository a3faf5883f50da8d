// The embedded document store: a folder (DATA_DIR/berkas), one file per hash under a two-letter
// directory. Right for one instance, or several that share the folder.

import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type BerkasStore, isSha256, sha256Of, storageError } from './berkas-store.js';

export class FolderBerkasStore implements BerkasStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  /**
   * Written beside its final name and renamed into place, so a full disk, a crash or a kill in
   * the middle never leaves a partial file under a hash (issue #17).
   */
  async put(bytes: Uint8Array): Promise<string> {
    return this.write(sha256Of(bytes), (partial) => writeFile(partial, bytes, { flush: true }));
  }

  async putFile(source: string, sha256: string): Promise<string> {
    return this.write(sha256, (partial) => copyFile(source, partial));
  }

  private async write(sha256: string, to: (partial: string) => Promise<void>): Promise<string> {
    const file = this.pathOf(sha256);
    if (existsSync(file)) return sha256;
    const partial = `${file}.${randomUUID()}.sebagian`;
    try {
      // Not one recursive mkdir: on a read-only disk that reports ENOENT instead of EROFS.
      await mkdir(this.root, { recursive: true });
      await mkdir(path.dirname(file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      await to(partial);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined);
      throw storageError(error);
    }
    return sha256;
  }

  async open(sha256: string): Promise<Readable | undefined> {
    if (!isSha256(sha256)) return undefined;
    const file = this.pathOf(sha256);
    return existsSync(file) ? createReadStream(file) : undefined;
  }

  async exists(sha256: string): Promise<boolean> {
    return isSha256(sha256) && existsSync(this.pathOf(sha256));
  }

  async hapus(sha256: string): Promise<void> {
    if (isSha256(sha256)) await rm(this.pathOf(sha256), { force: true });
  }

  /** Only whole files: a partial write (".sebagian") or anything else in the folder is not one. */
  async *list(): AsyncIterable<string> {
    if (!existsSync(this.root)) return;
    for (const prefix of await readdir(this.root)) {
      const names = await readdir(path.join(this.root, prefix)).catch(() => [] as string[]);
      for (const name of names) if (isSha256(name) && name.startsWith(prefix)) yield name;
    }
  }
}
