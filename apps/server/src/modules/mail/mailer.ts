// Outgoing mail behind one small interface with two implementations (STYLE.md): SMTP when
// SMTP_URL is set, else the development mailbox (a table, read at GET /api/dev/mailbox).

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { DevMailbox } from './dev-mailbox.js';
import { SmtpMailer } from './smtp-mailer.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends one message; rejects when it could not be handed over. */
  send(mail: Mail): Promise<void>;
  /** Releases connections (server shutdown). */
  close(): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | null; from: string; db: Kysely<DB> }): Mailer {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl, options.from) : new DevMailbox(options.db);
}
