// The exports' reading of a whole view (issue #33): keyset batches in the view's order, each
// batch's rows asked for a few hundred ids at a time (one statement on the embedded database holds
// every request behind it), and still every row once, in order.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-app.js';
import { keysetBatches } from './list-sql.js';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

describe('keysetBatches', () => {
  it('reads every row once in the view order, a batch at a time, its rows a few hundred at a time', async () => {
    // 1,000 rows sorted by a column with ties (id breaks them), descending.
    const view = testDb.db.selectFrom(
      sql<{ id: number; k: number }>`(SELECT g AS id, g % 7 AS k FROM generate_series(1, 1000) g)`.as('t'),
    );
    const asked: number[] = [];
    const batches: number[][] = [];
    // biome-ignore lint/suspicious/noExplicitAny: a view of no table of the schema.
    for await (const batch of keysetBatches(view as any, 'k', 'desc', 600, async (ids) => {
      asked.push(ids.length);
      return ids;
    })) {
      batches.push(batch);
    }
    const expected = Array.from({ length: 1000 }, (_, i) => i + 1).sort((a, b) => (b % 7) - (a % 7) || b - a);
    expect(batches.map((batch) => batch.length)).toEqual([600, 400]);
    expect(batches.flat()).toEqual(expected);
    expect(asked).toEqual([250, 250, 100, 250, 150]);
  });
});
