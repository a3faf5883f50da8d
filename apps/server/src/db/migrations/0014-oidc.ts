// Storage of the embedded identity provider (issue #6): every oidc-provider model (sessions,
// interactions, grants, authorization codes, refresh tokens, …) as one JSON row keyed by model and
// id, with the columns its adapter looks up by. Shared by every instance, like the portal's sessions.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `
    CREATE TABLE oidc_payload (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    )
    `,
    `CREATE INDEX oidc_payload_grant_idx ON oidc_payload (grant_id) WHERE grant_id IS NOT NULL`,
    `CREATE INDEX oidc_payload_uid_idx ON oidc_payload (model, uid) WHERE uid IS NOT NULL`,
    `CREATE INDEX oidc_payload_user_code_idx ON oidc_payload (model, user_code) WHERE user_code IS NOT NULL`,
    `CREATE INDEX oidc_payload_expires_idx ON oidc_payload (expires_at) WHERE expires_at IS NOT NULL`,
  ]);
}
