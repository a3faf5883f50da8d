// Server secrets that must be shared by every instance: taken from configuration when given,
// otherwise generated once and kept in the database (embedded and single-node setups).

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

export async function getOrCreateSecret(
  db: Kysely<DB>,
  name: string,
  generate: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  await db
    .insertInto('app_secret')
    .values({ name, value: generate() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
