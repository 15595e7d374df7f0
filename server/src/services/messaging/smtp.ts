import nodemailer from 'nodemailer';
import { MessagingError, type EmailProvider } from './types';

export interface SmtpOptions {
  /** e.g. smtps://user:pass@smtp.example.com:465 or smtp://localhost:1025 */
  url: string;
  from?: string;
}

/** E-mail through an SMTP server (nodemailer). Plain-text messages. */
export function createSmtpProvider(opts: SmtpOptions): EmailProvider & { close(): void } {
  const transport = nodemailer.createTransport(opts.url);
  const from = opts.from ?? 'Khela <no-reply@khela.example>';
  return {
    name: 'smtp',
    async sendEmail(to, subject, text) {
      try {
        await transport.sendMail({ from, to, subject, text });
      } catch (err) {
        throw new MessagingError('email', `SMTP delivery failed: ${(err as Error).message}`);
      }
    },
    close: () => transport.close(),
  };
}
