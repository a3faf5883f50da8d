// Child process of pglite-kill.test.ts: writes to an embedded database as fast as it can, one
// transaction per row (a row plus a running total), and reports each commit on stdout, until killed.

import { sql } from 'kysely';
import { openDatabase } from '../db/database.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-writer <dataDir>');
const { db } = await openDatabase({ kind: 'pglite', dataDir });
await sql`CREATE TABLE IF NOT EXISTS uji_tulis (id serial PRIMARY KEY, isi text NOT NULL)`.execute(db);
await sql`CREATE TABLE IF NOT EXISTS uji_jumlah (k int PRIMARY KEY, total int NOT NULL)`.execute(db);
await sql`INSERT INTO uji_jumlah VALUES (1, 0) ON CONFLICT DO NOTHING`.execute(db);
process.stdout.write('siap\n');
for (;;) {
  const id = await db.transaction().execute(async (trx) => {
    const row = await sql<{ id: number }>`INSERT INTO uji_tulis (isi) VALUES (repeat('x', 500)) RETURNING id`.execute(
      trx,
    );
    await sql`UPDATE uji_jumlah SET total = total + 1 WHERE k = 1`.execute(trx);
    return row.rows[0]?.id;
  });
  process.stdout.write(`ok ${id}\n`);
}
