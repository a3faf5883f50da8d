// Issue #33: an import's rows reach PostgreSQL through COPY … FROM STDIN instead of as
// parameters (pg-copy-streams, the copy protocol for node-postgres). Kysely hands a statement to
// pg's client as it is, so the copy stream goes through the connection the caller holds (a
// transaction), behind and before that connection's other statements. Not on PGlite (the embedded
// default): its rows are staged as parameters, as before.

import { finished } from 'node:stream/promises';
import { CompiledQuery, type Kysely, PGliteAdapter, type Transaction } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';

/** Whether `db` can take COPY … FROM STDIN this way (PostgreSQL through node-postgres). */
export const bisaSalin = <T>(db: Kysely<T>): boolean => !(db.getExecutor().adapter instanceof PGliteAdapter);

/** A text value in COPY's text format (NULL as \N; backslash, tab and line ends escaped). */
export function nilaiSalin(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}

/**
 * Runs `COPY <tujuan> FROM STDIN` on the transaction's connection with `baris` (each an array of
 * values, in the columns' order) and waits until PostgreSQL has taken them (or refused them: the
 * error is PostgreSQL's, e.g. a value its column cannot hold).
 */
export async function salin<T>(
  trx: Transaction<T>,
  tujuan: string,
  baris: (string | number | boolean | null)[][],
): Promise<void> {
  let text = '';
  for (const row of baris) text += `${row.map(nilaiSalin).join('\t')}\n`;
  const copy = copyFrom(`COPY ${tujuan} FROM STDIN`);
  const taken = finished(copy);
  taken.catch(() => undefined); // thrown where it is awaited below
  // pg takes the stream (a "Submittable") in place of a statement's text; its answer is the stream.
  await trx.executeQuery({ ...CompiledQuery.raw(''), sql: copy as unknown as string });
  copy.end(Buffer.from(text, 'utf8'));
  await taken;
}
