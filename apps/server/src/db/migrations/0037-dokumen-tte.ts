// Issue #31: an issued PDF carries a PAdES signature made with the agency's certificate (or the
// demo's). Who signed, as the certificate names them, is kept with the document so the public
// check can show it without opening the PDF; null for documents issued before signing began.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE dokumen_resmi ADD COLUMN penanda_tangan jsonb']);
}
