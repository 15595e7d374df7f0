import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { readConfig, resolveOpsKey } from './config';
import { assertProductionReady } from './production';
import { cleanUp } from './services/cleanup';
import { createDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { lazyCompilersFactory } from './http/lazy-schemas';
import { seed } from './db/seed';
import { sessionRoutes } from './domains/session/session.routes';
import { memberRoutes } from './domains/member/member.routes';
import { opsRoutes } from './domains/ops/ops.routes';
import { systemRoutes } from './domains/system/system.routes';
import { resourceRoutes } from './domains/system/resources.routes';
import { socialRoutes } from './domains/social/social.routes';
import { socialOpsRoutes } from './domains/social/social.ops';
import type { OidcClients } from './domains/social/oidc';
import { systemSchemas } from './domains/system/system.schemas';
import { gameDomain } from './domains/game/game.plugin';
import { contentRoutes, createAnnouncementsCache } from './domains/content/content.routes';
import { helpRoutes } from './domains/content/help.routes';
import { contentOpsRoutes } from './domains/content/content.ops';
import { installRequestGuards } from './http/request-guards';
import { installOpsAudit, opsAuditRoutes } from './http/ops-audit';
import { parseNetworks } from './http/ops-auth';
import { docsContentSecurityPolicy, installSecurityHeaders } from './http/security-headers';
import { installEnvelope } from './http/envelope';
import { installAuth, type AuthOptions } from './domains/auth/auth.services';
import { authDomain } from './domains/auth/auth.plugin';
import { createSettingsStore, type SettingsStore } from './services/settings';
import { createLedger, type Ledger } from './domains/wallet/ledger';
import { walletDomain } from './domains/wallet/wallet.plugin';
import { studioDomain, type StudioDomainOptions } from './domains/studio/studio.plugin';
import { createJobRunner, type JobRunner } from './services/jobs';
import { paymentsDomain, type PaymentsOptions } from './domains/payments/payments.plugin';
import { chatDomain } from './domains/chat/chat.plugin';
import { installLive, type LiveOptions } from './domains/live/live';
import { transferDomain } from './domains/transfer/transfer.plugin';
import type { TransferOptions } from './domains/transfer/transfer.service';
import { resolveLotteryConfig, type LotteryConfig, type LotteryOptions } from './domains/lottery/lottery.config';
import { lotterySecret } from './domains/game/lottery.draws';
import { lotteryDomain } from './domains/lottery/lottery.plugin';
import { rgDomain, type RgOptions } from './domains/rg/rg.plugin';
import { rumDomain, type RumOptions } from './domains/rum/rum.plugin';
import { recordsRoutes, type RecordsOptions } from './domains/records/records.routes';
import { centreDomain, type CentreOptions } from './domains/centre/centre.plugin';
import { messagesDomain } from './domains/messages/messages.plugin';
import { feedbackDomain } from './domains/feedback/feedback.plugin';
import { agentDomain, type AgentOptions } from './domains/agent/agent.plugin';
import { promotionsDomain, type PromotionsOptions } from './domains/promotions/promotions.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    settings: SettingsStore;
    /** The double-entry ledger: the only place money moves (domains/wallet/ledger.ts). */
    ledger: Ledger;
    /** Periodic jobs, one instance at a time each (services/jobs.ts). */
    jobs: JobRunner;
    /** The lottery's configuration and the secret its draws' seeds come from (issue 17). */
    lottery: { config: LotteryConfig; secret: string };
  }
}

export interface ApiOptions {
  /** A database to use; the caller keeps ownership (it is not closed with the app). */
  db?: Db;
  /** the OpenID providers' discovered configurations (a test shares one; default: one per app) */
  oidcClients?: OidcClients;
  /** Without `db`: PostgreSQL URL (default env DATABASE_URL), else PGlite on `dataDir` (default env KHELA_DATA_DIR or `.data/pglite`). */
  databaseUrl?: string;
  dataDir?: string;
  /** Operator key (default env KHELA_OPS_KEY, else `.data/ops-key`, created if missing). */
  opsKey?: string;
  /** Fastify trustProxy (default env KHELA_TRUST_PROXY, else false). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Fastify logger (default false). */
  logger?: FastifyServerOptions['logger'];
  /** Settings cache lifetime in ms (default 2000). */
  settingsCacheMs?: number;
  /**
   * Compile each route's validators and serializers on its first request instead of at ready
   * (http/lazy-schemas.ts): for tests that build an API to call a few routes. Off by default, so a
   * server's start compiles them all and a schema that does not compile fails the start.
   */
  lazySchemas?: boolean;
  /** Apply migrations and seed at start (default true). */
  migrate?: boolean;
  /** Serve the Swagger UI at /wps/docs (default: unless env KHELA_DOCS=off; the JSON is always at /wps/docs/json). */
  docsUi?: boolean;
  /**
   * List the operator routes (/ops) in the API document under the tag `ops` (default: not in
   * production, where the document is public and the operators' surface need not be advertised).
   */
  opsDocs?: boolean;
  /** The networks /ops routes answer to: addresses and CIDR blocks, comma-separated (default env KHELA_OPS_NETWORKS; unset: any). */
  opsNetworks?: string;
  /** Run the periodic jobs' timers (default true; tests turn them off and call app.jobs.runNow). */
  jobs?: boolean;
  /** The platform's own games: how the studio reaches the wallet API (tests pass failing transports). */
  studio?: StudioDomainOptions;
  /** Sign-in services: rate limiter, messaging, test-only cheap crypto (see AuthOptions). */
  auth?: AuthOptions;
  /** Deposits and withdrawals: clock, scheduled checks, sandbox gateway (see PaymentsOptions). */
  payments?: PaymentsOptions;
  /** The live channel (socket.io at /socket.io; Redis fan-out with REDIS_URL), see LiveOptions. */
  live?: LiveOptions;
  /** Transfer wallets: the re-check of transfers a vendor did not answer in time (see TransferOptions). */
  transfers?: TransferOptions;
  /** The platform's own lottery: draw interval, closing time, odds, clock (see LotteryOptions). */
  lottery?: LotteryOptions;
  /** Responsible gambling: the clock its limit rules read (see RgOptions). */
  rg?: RgOptions;
  /** Real-user signals (the clock, for tests). */
  rum?: RumOptions;
  /** The member's records (betting record, account record, profit and loss): the clock of "today". */
  records?: RecordsOptions;
  /** The member centre (security centre): the clock of "today" (the birthday's age rule). */
  centre?: CentreOptions;
  /** The agent centre: the reports' clock, the real-time salary window, settlement test hooks. */
  agent?: AgentOptions;
  promotions?: PromotionsOptions;
}

/**
 * Builds the API (not listening). Add routes or static serving on the returned instance before
 * `listen()`/`ready()`; the envelope error and not-found handlers apply to them too.
 */
export async function buildApi(opts: ApiOptions = {}): Promise<FastifyInstance> {
  const config = readConfig();
  const docsUi = opts.docsUi ?? process.env.KHELA_DOCS !== 'off';
  assertProductionReady({
    env: process.env,
    engine: opts.db?.engine ?? ((opts.databaseUrl ?? config.databaseUrl) ? 'postgres' : 'pglite'),
    docsUi,
  });
  const ownsDb = !opts.db;
  const db =
    opts.db ?? createDb({ databaseUrl: opts.databaseUrl ?? config.databaseUrl, dataDir: opts.dataDir ?? config.dataDir });
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? config.trustProxy,
    bodyLimit: 256 * 1024,
    // a field the schema does not know is refused (400), not silently dropped: a caller that
    // sends one has misunderstood the contract, and the answer should say so
    ajv: { customOptions: { removeAdditional: false } },
    ...(opts.lazySchemas ? { schemaController: { compilersFactory: lazyCompilersFactory() } } : {}),
  });
  try {
    if (opts.migrate !== false) {
      await migrate(db);
      await seed(db);
    }
    const opsKey = opts.opsKey ?? resolveOpsKey(config);

    app.decorate('db', db);
    app.decorate('opsKey', opsKey);
    app.decorate('opsNetworks', parseNetworks(opts.opsNetworks ?? process.env.KHELA_OPS_NETWORKS));
    app.decorate('ledger', createLedger(db));
    app.decorate('jobs', createJobRunner(db, { onError: (name, err) => app.log.error({ err, job: name }, 'job failed') }));
    // what only grows (expired sign-ins, codes, captchas) is deleted hourly (services/cleanup.ts)
    app.jobs.define({ name: 'platform.cleanup', everyMs: 3_600_000, run: async (ctx) => void (await cleanUp(ctx.db)) });
    if (opts.jobs !== false) app.addHook('onReady', async () => app.jobs.start());
    app.addHook('onClose', () => app.jobs.stop());
    app.decorate('settings', createSettingsStore(db, opts.settingsCacheMs));
    app.decorate('lottery', { config: resolveLotteryConfig(opts.lottery), secret: await lotterySecret(db) });
    app.decorateRequest('member', null);
    installAuth(app, db, opts.auth);
    installLive(app, opts.live);
    if (ownsDb) app.addHook('onClose', () => db.close());

    installEnvelope(app);
    installRequestGuards(app);
    installOpsAudit(app, db);
    installSecurityHeaders(app, { dev: process.env.KHELA_DEV === '1' });
    for (const schema of systemSchemas) app.addSchema(schema);
    // every operator route in the document (tag `ops`), so the fuzz test and a reader see them all;
    // each domain's ops file marks them hidden, and this one place decides
    const opsDocs = opts.opsDocs ?? process.env.NODE_ENV !== 'production';
    app.addHook('onRoute', (route) => {
      if (route.url !== '/ops' && !route.url.startsWith('/ops/')) return;
      route.schema = { ...route.schema, hide: !opsDocs, tags: ['ops'] };
    });

    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Khela platform API',
          version: '0.1.0',
          description:
            'Every answer is the envelope { success, message, value } plus errorCode on failure. ' +
            'The session token travels raw in the Authorization header ("Bearer <token>" is accepted too).',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      },
    });
    if (docsUi) {
      const docsPolicy = docsContentSecurityPolicy(process.env.KHELA_DEV === '1');
      await app.register(swaggerUi, {
        routePrefix: '/wps/docs',
        uiHooks: { onRequest: async (_request, reply) => void reply.header('content-security-policy', docsPolicy) },
      });
    } else app.get('/wps/docs/json', { schema: { hide: true } }, async () => app.swagger());

    await app.register(systemRoutes, { prefix: '/wps/system' });
    await app.register(resourceRoutes);
    await app.register(socialRoutes, { clients: opts.oidcClients });
    await app.register(socialOpsRoutes, { prefix: '/ops/social' });
    await app.register(memberRoutes, { prefix: '/wps/member' });
    await app.register(sessionRoutes, { prefix: '/wps/session' });
    await app.register(opsRoutes, { prefix: '/ops' });
    await app.register(opsAuditRoutes, { prefix: '/ops' });
    await app.register(authDomain);
    await app.register(gameDomain);
    const announcements = createAnnouncementsCache();
    await app.register(contentRoutes, { cache: announcements });
    await app.register(helpRoutes);
    await app.register(contentOpsRoutes, { prefix: '/ops/content', cache: announcements });
    await app.register(walletDomain);
    await app.register(paymentsDomain, opts.payments ?? {});
    await app.register(rgDomain, opts.rg ?? {});
    await app.register(studioDomain, opts.studio ?? {});
    await app.register(transferDomain, opts.transfers ?? {});
    await app.register(lotteryDomain, { transport: opts.lottery?.transport, staleBetS: opts.lottery?.staleBetS });
    await app.register(rumDomain, opts.rum ?? {});
    await app.register(recordsRoutes, opts.records ?? {});
    await app.register(centreDomain, opts.centre ?? {});
    await app.register(messagesDomain);
    await app.register(feedbackDomain);
    await app.register(chatDomain);
    await app.register(agentDomain, opts.agent ?? {});
    await app.register(promotionsDomain, opts.promotions ?? {});
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    if (ownsDb) await db.close().catch(() => undefined);
    throw err;
  }
}
