// Documents in PostgreSQL (issue #22): every instance behind a load balancer reads what any of
// them stored, with nothing more to run. Parts of 256 KB (table berkas_isi, migration 0020), written
// in one transaction (all or nothing) and read part by part, so a download never holds a file whole.

import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { transaction } from '../db/transaction.js';
import { type BerkasStore, isSha256, sha256Of, storageError } from './berkas-store.js';

/** Bytes per stored part. */
export const BAGIAN_BYTES = 256 * 1024;

/** Hashes per page when listing the store. */
const LIST_PAGE = 1_000;

export class PostgresBerkasStore implements BerkasStore {
  constructor(private readonly db: Kysely<DB>) {}

  private async has(sha256: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('berkas_isi')
      .select('bagian')
      .where('sha256', '=', sha256)
      .where('bagian', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Of(bytes);
    return this.write(sha256, async function* () {
      for (let at = 0; at === 0 || at < bytes.length; at += BAGIAN_BYTES) yield bytes.subarray(at, at + BAGIAN_BYTES);
    });
  }

  async putFile(file: string, sha256: string): Promise<string> {
    return this.write(sha256, async function* () {
      const handle = await open(file);
      try {
        for (;;) {
          const buffer = Buffer.alloc(BAGIAN_BYTES);
          const { bytesRead } = await handle.read(buffer, 0, BAGIAN_BYTES);
          yield buffer.subarray(0, bytesRead);
          if (bytesRead < BAGIAN_BYTES) return;
        }
      } finally {
        await handle.close();
      }
    });
  }

  /** The parts in one transaction: a file is there whole or not at all. */
  private async write(sha256: string, parts: () => AsyncIterable<Uint8Array>): Promise<string> {
    if (await this.has(sha256)) return sha256;
    try {
      await transaction(this.db, async (trx) => {
        let bagian = 0;
        for await (const isi of parts()) {
          // Two instances storing the same new file at once: the second finds the parts there.
          await trx
            .insertInto('berkas_isi')
            .values({ sha256, bagian: bagian++, isi })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      });
    } catch (error) {
      throw storageError(error);
    }
    return sha256;
  }

  async open(sha256: string): Promise<Readable | undefined> {
    if (!isSha256(sha256) || !(await this.has(sha256))) return undefined;
    const db = this.db;
    async function* parts() {
      for (let bagian = 0; ; bagian++) {
        const row = await db
          .selectFrom('berkas_isi')
          .select('isi')
          .where('sha256', '=', sha256)
          .where('bagian', '=', bagian)
          .executeTakeFirst();
        if (!row) return;
        // pg gives a Buffer, PGlite a Uint8Array: the stream carries Buffers either way.
        yield Buffer.from(row.isi.buffer, row.isi.byteOffset, row.isi.byteLength);
      }
    }
    return Readable.from(parts(), { objectMode: false });
  }

  async exists(sha256: string): Promise<boolean> {
    return isSha256(sha256) && this.has(sha256);
  }

  /** Every part at once (one statement): the file is there whole or gone. */
  async hapus(sha256: string): Promise<void> {
    if (isSha256(sha256)) await this.db.deleteFrom('berkas_isi').where('sha256', '=', sha256).execute();
  }

  /** By hash, a page at a time (keyset), so a store of millions is never read whole. */
  async *list(): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('berkas_isi')
        .select('sha256')
        .where('bagian', '=', 0)
        .where('sha256', '>', after)
        .orderBy('sha256')
        .limit(LIST_PAGE)
        .execute();
      for (const row of rows) yield row.sha256;
      const last = rows.at(-1);
      if (!last || rows.length < LIST_PAGE) return;
      after = last.sha256;
    }
  }
}
