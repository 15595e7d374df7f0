import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  RG_LIMIT_KINDS,
  RG_LIMIT_PERIODS,
  RG_SELF_EXCLUSION_PERIODS,
  RG_TIMEOUT_PERIODS,
  type RgLimitKind,
  type RgLimitPeriod,
} from '@khela/api/rg';
import { hashToken, requireMember, tokenFrom } from '../../http/auth';
import { ok, replies, ApiError } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import {
  announceLogout,
  changeLimit,
  checkDeposit,
  exclude,
  profile,
  sessionSummary,
  setRealityCheck,
  setSessionLimit,
  type LimitAction,
} from './rg.service';
import type { ExclusionPeriod } from './rules';
import { memberIdByAccount, pruneLossHours, recentAudit } from './rg.repo';

export interface RgOptions {
  /** The clock the limit rules read (cooling-off, windows, exclusion ends); tests move it. */
  now?: () => Date;
}

const tags = ['responsible gambling'];
const security = [{ token: [] }];
const PERIODS = [...RG_TIMEOUT_PERIODS, ...RG_SELF_EXCLUSION_PERIODS];

const limitSchema = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: RG_LIMIT_KINDS },
    period: { type: 'string', enum: RG_LIMIT_PERIODS },
    amount: { type: ['string', 'null'] },
    used: { type: 'string' },
    pending: {
      type: ['object', 'null'],
      properties: {
        amount: { type: ['string', 'null'] },
        effectiveAt: { type: 'string' },
        confirmable: { type: 'boolean' },
      },
    },
  },
};
const exclusionSchema = {
  type: ['object', 'null'],
  properties: {
    kind: { type: 'string', enum: ['TIMEOUT', 'SELF_EXCLUSION'] },
    from: { type: 'string' },
    until: { type: ['string', 'null'] },
  },
};
const profileSchema = {
  type: 'object',
  properties: {
    limits: { type: 'array', items: limitSchema },
    realityCheckMinutes: { type: ['integer', 'null'] },
    sessionLimitMinutes: { type: ['integer', 'null'] },
    exclusion: exclusionSchema,
    promptDepositLimit: { type: 'boolean' },
  },
};
const limitParams = {
  type: 'object',
  required: ['kind', 'period'],
  properties: { kind: { type: 'string', enum: RG_LIMIT_KINDS }, period: { type: 'string', enum: RG_LIMIT_PERIODS } },
};
const outcomeSchema = {
  type: 'object',
  properties: { outcome: { type: 'string' }, profile: profileSchema },
};

const actorOf = (request: FastifyRequest) => `member:${request.member!.id}`;
const tokenHashOf = (request: FastifyRequest) => {
  const t = tokenFrom(request.headers.authorization);
  return t ? hashToken(t) : null;
};

/** The member's own responsible-gambling settings (/wps/rg). */
function memberRoutes(now: () => Date): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireMember);

    app.get(
      '/',
      {
        schema: {
          tags,
          security,
          summary: 'Limits, reality check, session limit and exclusion',
          description:
            'Deposit and loss limits per rolling 24 hours, 7 days and 30 days with what is counted now, a waiting increase or ' +
            'removal (confirmable 24 hours after it was asked), the reality-check interval and session limit in minutes.',
          response: replies(profileSchema),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await profile(app.db, request.member!.id, now()));
      },
    );

    app.get(
      '/session',
      {
        schema: {
          tags,
          security,
          summary: 'What the reality check shows: the session start and the net result since',
          response: replies({
            type: 'object',
            properties: {
              startedAt: { type: 'string' },
              now: { type: 'string' },
              netResult: { type: 'string' },
              realityCheckMinutes: { type: ['integer', 'null'] },
              endsAt: { type: ['string', 'null'] },
            },
          }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await sessionSummary(app.db, request.member!.id, tokenHashOf(request)!));
      },
    );

    const limitRoute = (action: LimitAction, suffix: string, summary: string) =>
      app.route<{ Params: { kind: RgLimitKind; period: RgLimitPeriod }; Body: { amount: string | null } }>({
        method: action === 'SET' ? 'PUT' : 'POST',
        url: `/limits/:kind/:period${suffix}`,
        schema: {
          tags,
          security,
          summary,
          description:
            action === 'SET'
              ? 'amount: poisha, or null to remove. A lower limit (or a first one) applies at once (outcome APPLIED); a higher one ' +
                'or a removal waits 24 hours and then needs POST …/confirm (outcome PENDING).'
              : action === 'CONFIRM'
                ? '409 LIMIT_CHANGE_TOO_EARLY before the 24 hours (value: effectiveAt); 409 NOTHING_PENDING.'
                : 'Withdraws a waiting increase or removal. 409 NOTHING_PENDING.',
          params: limitParams,
          ...(action === 'SET'
            ? {
                body: {
                  type: 'object',
                  required: ['amount'],
                  additionalProperties: false,
                  properties: { amount: { anyOf: [{ type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, { type: 'null' }] } },
                },
              }
            : {}),
          response: replies(outcomeSchema),
        },
        handler: async (request) => {
          const { kind, period } = request.params;
          const at = now();
          const r = await app.db.tx((q) =>
            changeLimit(
              q,
              request.member!.id,
              kind,
              period,
              action,
              action === 'SET' && request.body.amount !== null ? BigInt(request.body.amount) : null,
              at,
              actorOf(request),
            ),
          );
          return ok({ outcome: r.outcome, profile: await profile(app.db, request.member!.id, at) });
        },
      });
    limitRoute('SET', '', 'Sets, lowers, raises or removes one limit');
    limitRoute('CONFIRM', '/confirm', 'Confirms a waiting increase or removal');
    limitRoute('CANCEL', '/cancel', 'Withdraws a waiting increase or removal');

    app.put<{ Body: { minutes: number | null } }>(
      '/reality-check',
      {
        schema: {
          tags,
          security,
          summary: 'The reality-check interval (minutes of play; null: off)',
          body: {
            type: 'object',
            required: ['minutes'],
            additionalProperties: false,
            properties: { minutes: { type: ['integer', 'null'], minimum: 1, maximum: 240 } },
          },
          response: replies(profileSchema),
        },
      },
      async (request) => {
        const at = now();
        await app.db.tx((q) => setRealityCheck(q, request.member!.id, request.body.minutes, actorOf(request), at));
        return ok(await profile(app.db, request.member!.id, at));
      },
    );

    app.put<{ Body: { minutes: number | null } }>(
      '/session-limit',
      {
        schema: {
          tags,
          security,
          summary: 'The session time limit (minutes; null: none): a session ends when it is reached',
          description: 'Applies to this session (counted from its start) and every later one.',
          body: {
            type: 'object',
            required: ['minutes'],
            additionalProperties: false,
            properties: { minutes: { type: ['integer', 'null'], minimum: 5, maximum: 1440 } },
          },
          response: replies(profileSchema),
        },
      },
      async (request) => {
        const at = now();
        await app.db.tx((q) =>
          setSessionLimit(q, request.member!.id, request.body.minutes, actorOf(request), at, tokenHashOf(request)),
        );
        return ok(await profile(app.db, request.member!.id, at));
      },
    );

    app.post<{ Body: { period: ExclusionPeriod } }>(
      '/exclusion',
      {
        schema: {
          tags,
          security,
          summary: 'Takes a time-out (24h, 7d, 30d) or self-excludes (6m, 1y, 5y, permanent), at once',
          description:
            'Every session of the member ends now (this one too), login is refused (403 SELF_EXCLUDED with the end date) and ' +
            'deposits and bets are blocked until the end. It cannot be ended early nor shortened (409 EXCLUSION_CANNOT_SHORTEN).',
          body: {
            type: 'object',
            required: ['period'],
            additionalProperties: false,
            properties: { period: { type: 'string', enum: PERIODS } },
          },
          response: replies(exclusionSchema),
        },
      },
      async (request) => {
        const memberId = request.member!.id;
        const dto = await app.db.tx((q) => exclude(q, memberId, request.body.period, actorOf(request), now()));
        announceLogout(app, memberId);
        return ok(dto, 'Excluded');
      },
    );
  };
}

/** Operators: see a member's settings, and time out or self-exclude a member (never shorter). */
function opsRoutes(now: () => Date): FastifyPluginAsync {
  return async (app) => {
    guardOps(app);
    const memberIdOf = async (account: string) => {
      const id = await memberIdByAccount(app.db, account);
      if (id === null) throw new ApiError(404, 'MEMBER_NOT_FOUND', `No member ${account}`);
      return id;
    };

    app.get<{ Params: { account: string } }>(
      '/members/:account',
      { schema: { hide: true, summary: "A member's responsible-gambling settings and recent changes" } },
      async (request) => {
        const id = await memberIdOf(request.params.account);
        const history = await recentAudit(app.db, id);
        return ok({ account: request.params.account, ...(await profile(app.db, id, now())), history });
      },
    );

    app.post<{ Body: { account: string; period: ExclusionPeriod; operator: string } }>(
      '/exclusions',
      {
        schema: {
          hide: true,
          summary: 'Times out or self-excludes a member (it cannot shorten one in force)',
          body: {
            type: 'object',
            required: ['account', 'period', 'operator'],
            additionalProperties: false,
            properties: {
              account: { type: 'string', minLength: 1, maxLength: 64 },
              period: { type: 'string', enum: PERIODS },
              operator: { type: 'string', minLength: 1, maxLength: 64 },
            },
          },
        },
      },
      async (request) => {
        const id = await memberIdOf(request.body.account);
        const dto = await app.db.tx((q) => exclude(q, id, request.body.period, `ops:${request.body.operator}`, now()));
        announceLogout(app, id);
        return ok(dto, 'Excluded');
      },
    );
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Responsible gambling (domains/rg): the clock its rules read. */
    rg: { now(): Date };
  }
}

/**
 * Responsible gambling (issue 16): the member's /wps/rg, the operators' /ops/rg, and the deposit
 * check inside every deposit order's transaction. The login refusal and the session limit are in
 * auth's startSession (onSessionStart); the loss limit is in the database's wallet_bet.
 */
const plugin: FastifyPluginAsync<RgOptions> = async (app: FastifyInstance, opts) => {
  const now = opts.now ?? (() => new Date());
  app.decorate('rg', { now });
  app.payments.addDepositTxCheck((q, a) => checkDeposit(q, a.member.id, a.amount, a.now, a.language));
  // the loss-limit counters older than the longest window (30 days) count for nothing
  app.jobs.define({
    name: 'rg.prune-loss-hours',
    everyMs: 3600_000,
    run: () => pruneLossHours(app.db),
  });
  await app.register(memberRoutes(now), { prefix: '/wps/rg' });
  await app.register(opsRoutes(now), { prefix: '/ops/rg' });
};
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const rgDomain = plugin;
