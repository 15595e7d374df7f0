import { MessagingError, type SmsProvider } from './types';

export interface HttpSmsOptions {
  /** the gateway's address; it receives POST { to, text } as JSON */
  url: string;
  /** sent as `Authorization: Bearer <token>` when set */
  token?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * An HTTP SMS gateway: one JSON POST per message, `{ to, text }` (to in E.164 form, e.g.
 * "+8801712345678"). Any 2xx is delivered; anything else, a time-out or a network failure is a
 * MessagingError (the caller answers SMS_SEND_FAILED).
 */
export function createHttpSmsProvider(opts: HttpSmsOptions): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'http-sms',
    async sendSms(to, text) {
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}) },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
      } catch (err) {
        throw new MessagingError('sms', `SMS gateway unreachable: ${(err as Error).message}`);
      }
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new MessagingError('sms', `SMS gateway answered HTTP ${res.status}`);
    },
  };
}
