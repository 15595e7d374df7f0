// Messages to members: SMS codes and e-mails, through a provider chosen by the environment.
//
//   KHELA_SMS_PROVIDER   outbox (default) | http-sms   (SMS_GATEWAY_URL, optional SMS_GATEWAY_TOKEN)
//   KHELA_EMAIL_PROVIDER outbox (default) | smtp       (SMTP_URL, optional SMTP_FROM)
//
// The outbox stores every message in the database (table outbox); developers read it at /dev/outbox
// (KHELA_DEV=1 or KHELA_DEV_OUTBOX=1) and tests at GET /ops/outbox.
import type { Queryable } from '../../db/db';
import { createHttpSmsProvider } from './http-sms';
import { createOutboxProvider } from './outbox';
import { createSmtpProvider } from './smtp';
import type { EmailProvider, Messenger, SmsProvider } from './types';

export * from './types';

export function composeMessenger(
  sms: SmsProvider,
  email: EmailProvider,
  close: () => Promise<void> = async () => undefined,
): Messenger {
  return {
    name: `${sms.name}+${email.name}`,
    smsProvider: sms.name,
    emailProvider: email.name,
    sendSms: (to, text) => sms.sendSms(to, text),
    sendEmail: (to, subject, text) => email.sendEmail(to, subject, text),
    close,
  };
}

/** The providers the environment names; a provider missing its settings fails at start, not at the first send. */
export function createMessenger(db: Queryable, env: NodeJS.ProcessEnv = process.env): Messenger {
  const outbox = createOutboxProvider(db);
  const smsName = (env.KHELA_SMS_PROVIDER || 'outbox').toLowerCase();
  const emailName = (env.KHELA_EMAIL_PROVIDER || 'outbox').toLowerCase();
  let sms: SmsProvider;
  if (smsName === 'outbox') sms = outbox;
  else if (smsName === 'http-sms') {
    if (!env.SMS_GATEWAY_URL) throw new Error('KHELA_SMS_PROVIDER=http-sms needs SMS_GATEWAY_URL');
    sms = createHttpSmsProvider({ url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN || undefined });
  } else throw new Error(`KHELA_SMS_PROVIDER: unknown provider "${smsName}" (outbox, http-sms)`);
  let email: EmailProvider & { close?: () => void };
  if (emailName === 'outbox') email = outbox;
  else if (emailName === 'smtp') {
    if (!env.SMTP_URL) throw new Error('KHELA_EMAIL_PROVIDER=smtp needs SMTP_URL');
    email = createSmtpProvider({ url: env.SMTP_URL, from: env.SMTP_FROM || undefined });
  } else throw new Error(`KHELA_EMAIL_PROVIDER: unknown provider "${emailName}" (outbox, smtp)`);
  return composeMessenger(sms, email, async () => email.close?.());
}

export { createOutboxProvider, readOutbox, type OutboxMessage } from './outbox';
export { createHttpSmsProvider } from './http-sms';
export { createSmtpProvider } from './smtp';
export * from './texts';
