// The services the sign-in domains share, decorated on the root instance as `app.auth` (like
// `app.db` and `app.settings`): rate limits, messaging, password hashing and the sealed-body keys.
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { createSealKeyStore, type SealKeyStore } from '../../http/sealed';
import { createMessenger, type Messenger } from '../../services/messaging';
import { createRateLimiter, type RateLimiter } from '../../services/rate-limit';
import { authLimits, type AuthLimits } from './limits';
import { createPasswordHasher, type PasswordHasher } from './passwords';

export interface AuthOptions {
  /** Rate-limit counters (default: Redis at `redisUrl` or env REDIS_URL, else in-process). */
  limiter?: RateLimiter;
  redisUrl?: string;
  /** SMS and e-mail (default: the providers env KHELA_SMS_PROVIDER / KHELA_EMAIL_PROVIDER name). */
  messenger?: Messenger;
  /**
   * TESTS ONLY: argon2id at a trivial cost and a 2048-bit sealing key, so a test file does not
   * spend seconds on deliberately slow crypto. Refused when NODE_ENV is "production".
   */
  unsafeTestCrypto?: boolean;
  /** Serve the development outbox page at /dev/outbox (default: env KHELA_DEV=1 or KHELA_DEV_OUTBOX=1). */
  devOutbox?: boolean;
  /** TESTS ONLY: sees each captcha's answer as it is drawn (nothing else can read it). */
  onCaptcha?: (id: string, answer: string) => void;
}

export interface AuthServices {
  limiter: RateLimiter;
  messenger: Messenger;
  passwords: PasswordHasher;
  sealKeys: SealKeyStore;
  devOutbox: boolean;
  onCaptcha?: (id: string, answer: string) => void;
  /** the rate-limit thresholds in force (defaults overridden by the setting authLimits) */
  limits(): Promise<AuthLimits>;
  /** Runs a task after the answer (a delivery whose timing must not show); failures are logged. */
  defer(what: string, task: () => Promise<void>): void;
  /** Resolves when every deferred task has finished (closing the app waits for them too). */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthServices;
  }
}

/** Decorates `app.auth`; what it created is closed with the app. */
export function installAuth(app: FastifyInstance, db: Db, opts: AuthOptions = {}): void {
  if (opts.unsafeTestCrypto && process.env.NODE_ENV === 'production') {
    throw new Error('unsafeTestCrypto is for tests only and refused when NODE_ENV=production');
  }
  const limiter = opts.limiter ?? createRateLimiter(opts.redisUrl ?? (process.env.REDIS_URL || undefined));
  const messenger = opts.messenger ?? createMessenger(db);
  const devOutbox = opts.devOutbox ?? (process.env.KHELA_DEV === '1' || process.env.KHELA_DEV_OUTBOX === '1');
  const pending = new Set<Promise<void>>();
  app.decorate('auth', {
    limiter,
    messenger,
    passwords: createPasswordHasher({ unsafeTestParams: opts.unsafeTestCrypto }),
    sealKeys: createSealKeyStore(db, opts.unsafeTestCrypto ? { bits: 2048 } : {}),
    devOutbox,
    onCaptcha: opts.onCaptcha,
    limits: async () => authLimits((await app.settings.get()).authLimits),
    defer(what, task) {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err) => app.log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settle() {
      while (pending.size) await Promise.all([...pending]);
    },
  } satisfies AuthServices);
  app.addHook('onClose', async () => {
    await app.auth.settle();
    if (!opts.limiter) await limiter.close();
    if (!opts.messenger) await messenger.close();
  });
  if (process.env.NODE_ENV === 'production' && (messenger.smsProvider === 'outbox' || messenger.emailProvider === 'outbox')) {
    app.log.warn('sign-in messages go to the development outbox: set KHELA_SMS_PROVIDER and KHELA_EMAIL_PROVIDER');
  }
}

/** The request's language for messages and field errors (http/lang.ts, the one parser). */
export { requestLang } from '../../http/lang';

/** Whether a whitelabel flag is on (flags are read from the database on every call: no cache to go stale). */
export async function flagEnabled(q: Queryable, modId: string): Promise<boolean> {
  const row = await q.one<{ enabled: boolean }>('SELECT enabled FROM whitelabel_flags WHERE mod_id = $1', [modId]);
  return row?.enabled === true;
}
