import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { callbackRoutes } from './callback.routes';
import { depositRoutes } from './deposit.routes';
import { expireDueDeposits, type DepositCheck, type DepositTxCheck } from './deposits';
import type { PaymentGateway } from './gateway';
import { paymentsOpsRoutes } from './payments-ops.routes';
import { paymentRules, type PaymentRules } from './rules';
import { createSandboxGateway, sandboxPageRoutes, SANDBOX } from './sandbox-gateway';
import { autoReceiveWithdrawals } from './withdrawals';
import { withdrawRoutes } from './withdraw.routes';

export interface PaymentsOptions {
  /** The clock the payment rules read (order expiry, the day of the daily count, auto-receive); tests move it. */
  now?: () => Date;
  /** How often the deposit expiry check runs in ms (default 30 s; app.jobs runs it, tests call runJobs). */
  jobIntervalMs?: number;
  /** Serve the sandbox gateway (default: not in production, unless KHELA_SANDBOX_PAYMENTS=1). */
  sandbox?: boolean;
  /** More gateways (a real PSP's adapter), by code. */
  gateways?: PaymentGateway[];
}

export interface PaymentsService {
  /** the gateways this server can talk to, by code (a channel names one) */
  gateways: Map<string, PaymentGateway>;
  now(): Date;
  rules(): Promise<PaymentRules>;
  /** checks run before every deposit (see deposits.ts authoriseDeposit) */
  readonly depositChecks: DepositCheck[];
  addDepositCheck(check: DepositCheck): void;
  /** checks run inside the order's transaction, before its insert (they may lock rows) */
  readonly depositTxChecks: DepositTxCheck[];
  addDepositTxCheck(check: DepositTxCheck): void;
  /** the scheduled checks, once */
  runJobs(now?: Date): Promise<{ expired: number; paid: number; failed: number; autoReceived: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposits and withdrawals (domains/payments). */
    payments: PaymentsService;
  }
}

function sandboxWanted(opt: boolean | undefined): boolean {
  if (opt !== undefined) return opt;
  return process.env.NODE_ENV !== 'production' || process.env.KHELA_SANDBOX_PAYMENTS === '1';
}

/**
 * Deposits and withdrawals: the member's calls under /wps/payments, the gateways' callbacks, the
 * sandbox gateway's page, the operators' /ops/payments, and the scheduled checks (every server runs
 * them; each change is conditional on the row's state, so running them twice is harmless).
 */
const plugin: FastifyPluginAsync<PaymentsOptions> = async (app: FastifyInstance, opts) => {
  const now = opts.now ?? (() => new Date());
  const depositChecks: DepositCheck[] = [];
  const depositTxChecks: DepositTxCheck[] = [];
  const gateways = new Map<string, PaymentGateway>();
  const service: PaymentsService = {
    gateways,
    now,
    rules: async () => paymentRules((await app.settings.get()).paymentRules),
    depositChecks,
    addDepositCheck: (check) => void depositChecks.push(check),
    depositTxChecks,
    addDepositTxCheck: (check) => void depositTxChecks.push(check),
    async runJobs(at) {
      const deposits = await expireDueDeposits(app, at ?? now());
      const autoReceived = await autoReceiveWithdrawals(app, at ?? now());
      return { ...deposits, autoReceived };
    },
  };
  app.decorate('payments', service);
  if (sandboxWanted(opts.sandbox)) {
    gateways.set(SANDBOX, createSandboxGateway(app));
    if (process.env.NODE_ENV === 'production')
      app.log.warn('the sandbox payment gateway is on: deposits through it move no real money');
  }
  for (const g of opts.gateways ?? []) gateways.set(g.code, g);

  await app.register(depositRoutes, { prefix: '/wps/payments' });
  await app.register(withdrawRoutes, { prefix: '/wps/payments' });
  await app.register(callbackRoutes, { prefix: '/wps/payments/callback' });
  if (gateways.has(SANDBOX)) await app.register(sandboxPageRoutes, { prefix: '/wps/payments/sandbox/pay' });
  await app.register(paymentsOpsRoutes, { prefix: '/ops/payments' });

  // the scheduled checks, on the platform's job runner (a lease lets one instance at a time run each;
  // both are safe to run twice: every change is conditional on the row's state, the credit keyed)
  const every = opts.jobIntervalMs ?? 30_000;
  app.jobs.define({
    name: 'payments.expire-deposits',
    everyMs: every,
    run: async () => void (await expireDueDeposits(app, now())),
  });
  app.jobs.define({
    name: 'payments.auto-receive-withdrawals',
    everyMs: Math.max(every, 60_000),
    run: async () => void (await autoReceiveWithdrawals(app, now())),
  });
};

// decorations reach the whole app (what fastify-plugin does)
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const paymentsDomain = plugin;
