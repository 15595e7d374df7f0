import type { Queryable } from '../../db/db';
import type { EmailProvider, SmsProvider } from './types';

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
}

/** The development provider: every message is a row of the outbox table, nothing leaves the machine. */
export function createOutboxProvider(db: Queryable): SmsProvider & EmailProvider {
  const store = async (channel: 'sms' | 'email', to: string, subject: string | null, body: string) => {
    await db.query('INSERT INTO outbox (channel, recipient, subject, body) VALUES ($1, $2, $3, $4)', [
      channel,
      to,
      subject,
      body,
    ]);
  };
  return {
    name: 'outbox',
    sendSms: (to, text) => store('sms', to, null, text),
    sendEmail: (to, subject, text) => store('email', to, subject, text),
  };
}

/** The latest messages, newest first; to one recipient when `to` is given. */
export function readOutbox(db: Queryable, opts: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const limit = Math.min(Math.max(opts.limit ?? 20, 1), 200);
  return db.query<OutboxMessage>(
    `SELECT id, channel, recipient, subject, body, created_at AS "createdAt" FROM outbox
      WHERE ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2`,
    [opts.to ?? null, limit],
  );
}
