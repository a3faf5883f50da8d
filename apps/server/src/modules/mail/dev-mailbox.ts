// The embedded default when no SMTP_URL is set: messages are kept in `dev_mail`, readable at
// GET /api/dev/mailbox outside production (the demo and the e2e suite read it).

import type { DevMail } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Mail, Mailer } from './mailer.js';

export class DevMailbox implements Mailer {
  constructor(private readonly db: Kysely<DB>) {}

  async send(mail: Mail): Promise<void> {
    await this.db
      .insertInto('dev_mail')
      .values({ recipient: mail.to, subject: mail.subject, body: mail.text })
      .execute();
  }

  async close(): Promise<void> {}
}

/** The newest messages first, optionally for one recipient. */
export async function readDevMailbox(db: Kysely<DB>, to?: string): Promise<DevMail[]> {
  let query = db.selectFrom('dev_mail').selectAll().orderBy('id', 'desc').limit(50);
  if (to) query = query.where('recipient', '=', to.toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), to: r.recipient, subject: r.subject, text: r.body }));
}
