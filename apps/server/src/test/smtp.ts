// A real SMTP server for integration tests (smtp-server on a free port): the app's SmtpMailer
// delivers to it over the network, and tests read what arrived.

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Waits until a message to `to` has arrived (or fails after `ms`). */
  waitFor(to: string, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`tidak ada email untuk ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The temporary password in a mail of issue #6. */
export function temporaryPasswordIn(mail: ReceivedMail): string {
  const match = mail.text.match(/Kata sandi sementara: (\S+)/);
  if (!match?.[1]) throw new Error(`tidak ada kata sandi sementara dalam:\n${mail.text}`);
  return match[1];
}
