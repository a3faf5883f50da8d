// Mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.go.id:587) with
// nodemailer; one pooled transport per process.

import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
