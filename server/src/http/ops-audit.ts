import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { ok, replies } from './envelope';
import { guardOps } from './ops-auth';

/**
 * The operators' audit log (issue 15, hardening 13): every call of an /ops route (answered, refused
 * or failed, known route or not) is written to ops_audit after its answer: who (the X-Operator
 * header, which the CLI fills from KHELA_OPERATOR or the login name), from where (the client
 * address), what (method, route pattern, path parameters, query and body with anything secret
 * redacted) and how it ended (status, errorCode). A failed write is logged, never the caller's problem.
 */

const isOpsPath = (url: string) => url === '/ops' || url.startsWith('/ops/') || url.startsWith('/ops?');
const SECRET = /pass(word)?|secret|token|kek|^key$|otp/i;
const MAX_PARAMS_CHARS = 4000;
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The operator a request names (X-Operator), cleaned and bounded; "unknown" without one. */
export function operatorOf(request: FastifyRequest): string {
  const raw = request.headers['x-operator'];
  const name = (typeof raw === 'string' ? raw : '').replace(CONTROL, '').trim().slice(0, 64);
  return name || 'unknown';
}

/** A copy of `value` with secret-looking fields replaced, bounded in depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? value.replace(CONTROL, '') : value;
  if (depth > 6) return '[deep]';
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, 50)
      .map(([k, v]) => [k.replace(CONTROL, ''), SECRET.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

function paramsOf(request: FastifyRequest): unknown {
  const params = {
    ...(request.params && Object.keys(request.params).length ? { params: request.params } : {}),
    ...(request.query && Object.keys(request.query).length ? { query: request.query } : {}),
    ...(request.body !== undefined && request.body !== null && typeof request.body === 'object' ? { body: request.body } : {}),
  };
  const text = JSON.stringify(redact(params));
  return text.length <= MAX_PARAMS_CHARS ? JSON.parse(text) : { truncated: true, head: text.slice(0, MAX_PARAMS_CHARS) };
}

const errorCodes = new WeakMap<FastifyRequest, string>();

export function installOpsAudit(app: FastifyInstance, db: Db): void {
  // the entries are written one after another, in the order the answers went out: two writes in
  // flight at once take their ids in whichever order their pool connections run them
  let last: Promise<unknown> = Promise.resolve();
  // callback hooks, not async ones: they run on every answer of the platform (a guest's game list
  // too), and an async hook costs each answer a promise and a turn of the microtask queue
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'string' && isOpsPath(request.url)) {
      const code = /"errorCode":"([A-Z0-9_]{1,64})"/.exec(payload)?.[1];
      if (code) errorCodes.set(request, code);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (!isOpsPath(request.url)) return done();
    const status = reply.statusCode;
    const entry = [
      operatorOf(request),
      request.ip,
      request.method,
      (request.routeOptions.url ?? request.url.split('?')[0]).replace(CONTROL, '').slice(0, 300),
      JSON.stringify(paramsOf(request)),
      status,
      status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed',
      errorCodes.get(request) ?? null,
    ];
    last = last
      .then(() =>
        db.query(
          `INSERT INTO ops_audit (operator, ip, method, route, params, status, outcome, error_code)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`,
          entry,
        ),
      )
      .catch((err) => request.log.error({ err }, 'ops audit write failed'));
    done();
  });
  app.addHook('onClose', async () => {
    await last;
  });
}

export interface AuditEntry {
  id: number;
  at: string;
  operator: string;
  ip: string;
  method: string;
  route: string;
  params: unknown;
  status: number;
  outcome: 'ok' | 'refused' | 'failed';
  errorCode: string | null;
}

const entrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string' },
    operator: { type: 'string' },
    ip: { type: 'string' },
    method: { type: 'string' },
    route: { type: 'string' },
    params: { type: 'object', additionalProperties: true },
    status: { type: 'integer' },
    outcome: { type: 'string', enum: ['ok', 'refused', 'failed'] },
    errorCode: { type: ['string', 'null'] },
  },
} as const;

/** GET /ops/audit: the newest entries first; `before` (an id) pages back; filters by operator, route and outcome. */
export const opsAuditRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);
  app.get<{ Querystring: { limit?: number; before?: number; operator?: string; route?: string; outcome?: string } }>(
    '/audit',
    {
      schema: {
        summary: "The operators' audit log, newest first",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 500 },
            before: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            operator: { type: 'string', minLength: 1, maxLength: 64 },
            route: { type: 'string', minLength: 1, maxLength: 300 },
            outcome: { type: 'string', enum: ['ok', 'refused', 'failed'] },
          },
        },
        response: replies({ type: 'array', items: entrySchema }),
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await app.db.query<AuditEntry & { at: Date }>(
        `SELECT id::int AS id, at, operator, ip, method, route, params, status, outcome, error_code AS "errorCode"
           FROM ops_audit
          WHERE ($1::bigint IS NULL OR id < $1) AND ($2::text IS NULL OR operator = $2) AND ($3::text IS NULL OR route = $3)
            AND ($4::text IS NULL OR outcome = $4)
          ORDER BY id DESC LIMIT $5`,
        [q.before ?? null, q.operator ?? null, q.route ?? null, q.outcome ?? null, q.limit ?? 50],
      );
      return ok(rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })));
    },
  );
};
