import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { createSession } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey, type SystemSettings } from '../../services/settings';

export interface OpsRoutesOptions {
  opsKey: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison (both sides hashed to the same length first). */
export function sameKey(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

// Operator endpoints are not part of the public API document.
const hide = true;

const memberValue = {
  type: 'object',
  required: ['id', 'account', 'nickname', 'type'],
  properties: { id: { type: 'integer' }, account: { type: 'string' }, nickname: { type: 'string' }, type: { type: 'integer' } },
};

/** Operator endpoints, protected by the `X-Ops-Key` header. Every write is one transaction. */
export const opsRoutes: FastifyPluginAsync<OpsRoutesOptions> = async (app, { opsKey }) => {
  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-ops-key'];
    if (!sameKey(typeof given === 'string' ? given : undefined, opsKey)) {
      throw new ApiError(401, 'OPS_KEY_INVALID', 'Missing or wrong X-Ops-Key');
    }
  });

  app.get('/settings', {
    schema: { hide, response: replies({ type: 'object', additionalProperties: true }) },
  }, async () => {
    app.settings.invalidate();
    return ok(await app.settings.get());
  });

  for (const key of SETTING_KEYS) {
    app.put<{ Body: { value: SystemSettings[typeof key] } }>(`/settings/${key}`, {
      schema: {
        hide,
        body: { type: 'object', required: ['value'], additionalProperties: false, properties: { value: SETTING_SCHEMAS[key] } },
        response: replies({ type: 'object', required: ['key'], properties: { key: { type: 'string' }, value: {} } }),
      },
    }, async (request) => {
      await app.settings.set(key as SettingKey, request.body.value);
      return ok({ key, value: request.body.value }, 'Setting updated');
    });
  }

  app.put<{ Params: { key: string } }>('/settings/:key', { schema: { hide } }, async (request) => {
    throw new ApiError(400, 'UNKNOWN_SETTING', `Unknown setting ${request.params.key}; known: ${SETTING_KEYS.join(', ')}`);
  });

  app.post<{ Body: { account: string; nickname?: string; type?: number } }>('/members', {
    schema: {
      hide,
      body: {
        type: 'object',
        required: ['account'],
        additionalProperties: false,
        properties: {
          account: { type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$' },
          nickname: { type: 'string', minLength: 1, maxLength: 50 },
          type: { type: 'integer', enum: [0, 1, 2, 4, 41, 42], default: 0 },
        },
      },
      response: replies(memberValue),
    },
  }, async (request, reply) => {
    const account = request.body.account.toLowerCase();
    const member = await app.db.tx((q) =>
      q.one(
        `INSERT INTO members (account, nickname, type) VALUES ($1, $2, $3)
         ON CONFLICT (account) DO NOTHING RETURNING id, account, nickname, type`,
        [account, request.body.nickname ?? account, request.body.type ?? 0],
      ),
    );
    if (!member) throw new ApiError(409, 'US_CUSTOMER_EXIST_ERROR', `Account ${account} already exists`);
    reply.code(201);
    return ok(member, 'Member created');
  });

  app.post<{ Body: { account: string } }>('/sessions', {
    schema: {
      hide,
      body: { type: 'object', required: ['account'], additionalProperties: false, properties: { account: { type: 'string', minLength: 1 } } },
      response: replies({
        type: 'object',
        required: ['token', 'expiresAt', 'memberId'],
        properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, memberId: { type: 'integer' } },
      }),
    },
  }, async (request, reply) => {
    const session = await app.db.tx(async (q) => {
      const member = await q.one<{ id: number }>('SELECT id FROM members WHERE account = $1', [request.body.account.toLowerCase()]);
      if (!member) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${request.body.account}`);
      return { ...(await createSession(q, member.id, { userAgent: 'ops' })), memberId: member.id };
    });
    reply.code(201);
    return ok(session, 'Session issued');
  });

  // Switches one whitelabel flag (e.g. SMSLOGIN3, FREEPLAY3): the storefront follows at its next load.
  app.put<{ Params: { modId: string }; Body: { enabled: boolean } }>('/whitelabel/:modId', {
    schema: {
      hide,
      params: { type: 'object', required: ['modId'], properties: { modId: { type: 'string', pattern: '^[A-Z0-9_]{2,32}$' } } },
      body: { type: 'object', required: ['enabled'], additionalProperties: false, properties: { enabled: { type: 'boolean' } } },
      response: replies({
        type: 'object',
        required: ['modId', 'enabled'],
        properties: { modId: { type: 'string' }, enabled: { type: 'boolean' } },
      }),
    },
  }, async (request) => {
    const row = await app.db.tx((q) =>
      q.one<{ mod_id: string; enabled: boolean }>('UPDATE whitelabel_flags SET enabled = $2 WHERE mod_id = $1 RETURNING mod_id, enabled', [
        request.params.modId,
        request.body.enabled,
      ]),
    );
    if (!row) throw new ApiError(404, 'FLAG_NOT_FOUND', `No whitelabel flag ${request.params.modId}`);
    return ok({ modId: row.mod_id, enabled: row.enabled }, 'Flag updated');
  });
};
