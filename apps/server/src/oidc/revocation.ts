// Issue #30: logout with an identity service's access token revokes it at this portal — its jti on
// the revocation list (revoked_token, in the database, so every instance refuses it) until it would
// have expired anyway — and, for the embedded provider, ends the grant it was issued under.

import { type Kysely, sql } from 'kysely';
import type { IdpCredential } from '../auth/access.js';
import type { DB } from '../db/schema.js';
import { revokeGrant } from './adapter.js';

export async function revokeIdpCredential(db: Kysely<DB>, credential: IdpCredential): Promise<void> {
  await db
    .insertInto('revoked_token')
    .values({ jti: credential.revocationId, expires_at: sql<Date>`to_timestamp(${credential.expiresAt})` })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  if (credential.grantId) await revokeGrant(db, credential.grantId);
  // The list holds live tokens only: what has expired is refused by its expiry.
  await db.deleteFrom('revoked_token').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
}
