// Outgoing mail behind one small interface (STYLE.md): what the portal asks of a mailer. The two
// implementations (smtp-mailer.ts, dev-mailbox.ts) and the choice between them
// (create-mailer.ts) import this file; it imports neither.

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
