// The one place that picks the mailer from configuration: SMTP when SMTP_URL is set, else the
// development mailbox (a table, read at GET /api/dev/mailbox).

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { DevMailbox } from './dev-mailbox.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

export function createMailer(options: { smtpUrl: string | null; from: string; db: Kysely<DB> }): Mailer {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl, options.from) : new DevMailbox(options.db);
}
