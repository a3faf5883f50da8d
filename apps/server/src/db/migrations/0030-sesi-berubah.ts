// Issue #22: a change to sessions, users or instansi is announced to every instance
// (NOTIFY portal_sesi), so a sign-out, password change, role change or deactivation made on one
// ends the session checks the others remember (auth/session-events.ts). The trigger runs inside
// the changing transaction, so the notice is sent when it commits – never before – and also for
// changes made by the command-line tools or by hand. One notice per statement, with no payload:
// PostgreSQL folds the repeats of one transaction into one.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `
    CREATE FUNCTION portal_sesi_berubah() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('portal_sesi', '');
      RETURN NULL;
    END
    $$
    `,
    ...['auth_session', 'app_user', 'instansi'].map(
      (table) => `
      CREATE TRIGGER ${table}_sesi_berubah AFTER UPDATE OR DELETE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION portal_sesi_berubah()
      `,
    ),
  ]);
}
