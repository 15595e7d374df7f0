// The provider interface and its failure, apart from index.ts so providers do not import it.

export interface SmsProvider {
  readonly name: string;
  sendSms(to: string, text: string): Promise<void>;
}
export interface EmailProvider {
  readonly name: string;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}
/** What the sign-in flows send through. */
export interface Messenger extends SmsProvider, EmailProvider {
  readonly smsProvider: string;
  readonly emailProvider: string;
  close(): Promise<void>;
}

/** A provider that could not deliver (the gateway refused, timed out or is unreachable). */
export class MessagingError extends Error {
  constructor(
    readonly channel: 'sms' | 'email',
    message: string,
  ) {
    super(message);
    this.name = 'MessagingError';
  }
}
