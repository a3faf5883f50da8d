// Issue #33: on the embedded database a loop of statements gives the event loop its turns. PGlite
// answers a statement with a promise already settled, so without them an export's or an import's
// loop ran as one chain of microtasks and no request was read until it ended (seconds).

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { turnsDuring } from '../test/putaran.js';
import { kyselyPglite } from './database.js';

const db = kyselyPglite(await PGlite.create());
afterAll(() => db.destroy());

describe('the embedded database and the event loop (issue #33)', () => {
  it('lets the event loop turn after every statement', async () => {
    const turns = await turnsDuring(async () => {
      for (let i = 0; i < 20; i++) await sql`SELECT 1`.execute(db);
    });
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('does so inside a transaction too, and keeps its answers and its errors', async () => {
    const turns = await turnsDuring(() =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 20; i++) await sql`SELECT 1`.execute(trx);
      }),
    );
    expect(turns).toBeGreaterThanOrEqual(20);
    const { rows } = await sql<{ n: number }>`SELECT 41 + 1 AS n`.execute(db);
    expect(rows).toEqual([{ n: 42 }]);
    await expect(sql`SELECT * FROM tidak_ada`.execute(db)).rejects.toThrow(/tidak_ada/);
  });
});
