import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LOAD_FAILURES, RUM_BEACON_PATH, RUM_LIMITS, VITALS, type RumBeacon } from '@khela/api/rum';
import { REMOTES } from '@khela/api/remotes';
import { ApiError, errorEnvelopeRef, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { pruneFlushes, pruneRum, versionHealth, versionSeries } from './rum.repo';
import { createDbSink, createRedisSink, type RumSink } from './rum.buffer';
import { minuteOf } from './rum.rules';
import type { SystemSettings } from '../../services/settings';

export interface RumOptions {
  /** the clock (tests) */
  now?: () => Date;
  /** Redis to count beacons in between flushes (default env REDIS_URL); null: the database alone */
  redisUrl?: string | null;
  /** the Redis keys' prefix (tests) */
  redisPrefix?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where beacons' counts go: the database, or Redis flushed into it (rum.buffer.ts). */
    rum: RumSink;
  }
}

export const RUM_DEFAULTS = { sampleRate: 1, retentionHours: 168, beaconsPerMinute: 120 } as const;

const count = { type: 'integer', minimum: 0, maximum: RUM_LIMITS.count } as const;
const version = { type: 'string', pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$' } as const;
const remote = { type: 'string', enum: REMOTES } as const;

const beaconSchema = {
  type: 'object',
  required: ['route', 'versions', 'areas', 'vitals'],
  additionalProperties: false,
  properties: {
    route: { type: 'string', pattern: '^/[A-Za-z0-9_:/-]{0,90}$' },
    versions: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(REMOTES.map((r) => [r, version])),
    },
    areas: {
      type: 'array',
      maxItems: RUM_LIMITS.areas,
      items: {
        type: 'object',
        required: ['remote', 'version', 'loads', 'loaded', 'failed', 'errors'],
        additionalProperties: false,
        properties: {
          remote,
          version,
          loads: count,
          loaded: count,
          errors: count,
          failed: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(LOAD_FAILURES.map((f) => [f, count])),
          },
        },
      },
    },
    vitals: {
      type: 'array',
      maxItems: RUM_LIMITS.vitals,
      items: {
        type: 'object',
        required: ['name', 'value'],
        additionalProperties: false,
        properties: { name: { type: 'string', enum: VITALS }, value: { type: 'number', minimum: 0, maximum: 3_600_000 } },
      },
    },
  },
} as const;

const healthSchema = {
  type: 'object',
  properties: {
    remote: { type: 'string' },
    since: { type: 'string' },
    versions: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

async function settingsOf(app: FastifyInstance) {
  // unset settings are absent from the store: the defaults stand in
  const s: Partial<SystemSettings> = await app.settings.get();
  return {
    sampleRate: s.rumSampleRate ?? RUM_DEFAULTS.sampleRate,
    retentionHours: s.rumRetentionHours ?? RUM_DEFAULTS.retentionHours,
  };
}

/** The share of page views that send signals (the page reads it from its boot data). */
export const rumSampleRate = async (app: FastifyInstance): Promise<number> => (await settingsOf(app)).sampleRate;

/**
 * Real-user signals (issue 18): browsers post what their remote areas did; operators and the
 * release tool's canary analysis read each version's health. The beacon endpoint is public, so it
 * is strict (a closed schema, small counts, 8 KB), limited per address, and answers 204 whatever
 * it kept.
 */
const plugin: FastifyPluginAsync<RumOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  const redisUrl = opts.redisUrl === undefined ? process.env.REDIS_URL || null : opts.redisUrl;
  const dbSink = createDbSink(app.db);
  const sink = redisUrl ? createRedisSink(app.db, redisUrl, { prefix: opts.redisPrefix, fallback: dbSink }) : dbSink;
  app.decorate('rum', sink);
  app.addHook('onClose', async () => {
    await sink.flush().catch((err) => app.log.error({ err }, 'rum flush at close failed'));
    await sink.close();
  });
  /** What the reads see includes every beacon counted so far: the buffer is flushed first. */
  const flushBeforeRead = () => sink.flush().catch((err) => app.log.error({ err }, 'rum flush failed'));

  app.post<{ Body: RumBeacon }>(
    RUM_BEACON_PATH,
    {
      bodyLimit: RUM_LIMITS.bodyBytes,
      schema: {
        tags: ['rum'],
        summary: "Real-user signals of a page's remote areas (navigator.sendBeacon)",
        body: beaconSchema,
        response: { 204: { type: 'null', description: 'kept (or sampled away)' }, '4xx': errorEnvelopeRef },
      },
    },
    async (request, reply) => {
      const hit = await app.auth.limiter.hit(`rum:ip:${request.ip}`, RUM_DEFAULTS.beaconsPerMinute, 60_000);
      if (!hit.allowed) throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many beacons');
      const b = request.body;
      for (const a of b.areas) {
        const failed = Object.values(a.failed).reduce((s, n) => s + (n ?? 0), 0);
        if (a.loaded + failed > a.loads + RUM_LIMITS.count) throw new ApiError(400, 'VALIDATION_ERROR', 'counts do not add up');
      }
      const minute = minuteOf(now());
      const versions = Object.entries(b.versions).filter((e): e is [string, string] => typeof e[1] === 'string');
      await sink.add(minute, b.route, b.areas, versions, b.vitals);
      return reply.code(204).send();
    },
  );

  await app.register(async (ops) => {
    guardOps(ops);
    ops.get<{ Querystring: { remote: string; since?: string; minutes?: number } }>(
      '/ops/rum/health',
      {
        schema: {
          hide: true,
          querystring: {
            type: 'object',
            required: ['remote'],
            additionalProperties: false,
            properties: {
              remote,
              since: { type: 'string', format: 'date-time' },
              minutes: { type: 'integer', minimum: 1, maximum: 60 * 24 * 90 },
            },
          },
          response: replies(healthSchema),
        },
      },
      async (request) => {
        const q = request.query;
        await flushBeforeRead();
        const since = q.since ? new Date(q.since) : new Date(now().getTime() - (q.minutes ?? 60) * 60_000);
        return ok({ remote: q.remote, since: since.toISOString(), versions: await versionHealth(app.db, q.remote, since) });
      },
    );

    ops.get<{ Querystring: { remote: string; minutes?: number; slot?: number } }>(
      '/ops/rum/series',
      {
        schema: {
          hide: true,
          description: "Each version's loads, failures, errors and vitals' p75 per slot, for the operators' release page",
          querystring: {
            type: 'object',
            required: ['remote'],
            additionalProperties: false,
            properties: {
              remote,
              minutes: { type: 'integer', minimum: 5, maximum: 60 * 24 * 14 },
              slot: { type: 'integer', minimum: 1, maximum: 24 * 60 },
            },
          },
          response: replies({ type: 'object', additionalProperties: true }),
        },
      },
      async (request) => {
        await flushBeforeRead();
        const minutes = request.query.minutes ?? 180;
        const slot = request.query.slot ?? Math.max(1, Math.round(minutes / 60));
        const since = new Date(now().getTime() - minutes * 60_000);
        return ok({
          remote: request.query.remote,
          since: since.toISOString(),
          slotMinutes: slot,
          versions: await versionSeries(app.db, request.query.remote, since, slot),
        });
      },
    );
  });

  app.jobs.define({
    name: 'rum.retention',
    everyMs: 15 * 60_000,
    run: async () => {
      const { retentionHours } = await settingsOf(app);
      await pruneRum(app.db, new Date(now().getTime() - retentionHours * 3_600_000));
      await pruneFlushes(app.db, new Date(now().getTime() - 7 * 24 * 3_600_000));
    },
  });

  if (sink.kind === 'redis')
    app.jobs.define({ name: 'rum.flush', everyMs: 10_000, leaseMs: 60_000, run: async () => void (await sink.flush()) });
};

(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const rumDomain = plugin;
