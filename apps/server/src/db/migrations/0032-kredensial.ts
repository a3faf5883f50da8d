// Issue #30, tokens and credentials: how a portal session was opened (a password, or a personal
// access key that may not manage credentials) and the family its refresh rotations belong to
// (a rotated refresh token presented again ends the whole family); whether an access key was made
// with the second factor; the last TOTP time step each user spent (a code works once); and the
// identity service's access tokens revoked before their expiry (logout), by jti.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `
    -- via: 'password' (login, with its second factor) or 'access-key' (login-key).
    -- family_id: the first session of a chain of refreshes; NULL for sessions made before this
    -- migration, each its own family. rotated_at: when its refresh token was exchanged.
    ALTER TABLE auth_session
      ADD COLUMN via text NOT NULL DEFAULT 'password' CHECK (via IN ('password', 'access-key')),
      ADD COLUMN family_id uuid,
      ADD COLUMN rotated_at timestamptz
    `,
    `
    CREATE INDEX auth_session_family_idx ON auth_session (family_id) WHERE family_id IS NOT NULL
    `,
    `
    -- Made while the account had a second factor (and its code was given): enabling TOTP revokes
    -- the keys made without it.
    ALTER TABLE access_key ADD COLUMN with_totp boolean NOT NULL DEFAULT false
    `,
    `
    -- Its own table, not a column of app_user: a sign-in writes it, and a change to app_user ends
    -- every instance's remembered session checks (migration 0030).
    CREATE TABLE totp_used_step (
      user_id integer PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
      step bigint NOT NULL
    )
    `,
    `
    -- Kept until the token would have expired anyway (swept with the provider's rows).
    CREATE TABLE revoked_token (
      jti text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )
    `,
    `
    CREATE INDEX revoked_token_expires_idx ON revoked_token (expires_at)
    `,
  ]);
}
