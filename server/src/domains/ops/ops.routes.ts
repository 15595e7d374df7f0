import type { FastifyPluginAsync } from 'fastify';
import { createSession } from '../../http/auth';
import { issueLoginCode } from '../session/login-handover';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { AGENT_TYPES } from '@khela/api/agent';
import { createAffiliateCode } from '../agent/affiliate';
import { assertPassword } from '../auth/password-policy';
import { assertPlacement, lockTree } from '../agent/tree';
import { accountTaken, insertOpsMember, memberIdByAccount, setUplineId, setWhitelabelFlag } from './ops.repo';
import { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey, type SystemSettings } from '../../services/settings';

// Operator endpoints are not part of the public API document.
const hide = true;

const memberValue = {
  type: 'object',
  required: ['id', 'account', 'nickname', 'type'],
  properties: {
    id: { type: 'integer' },
    account: { type: 'string' },
    nickname: { type: 'string' },
    type: { type: 'integer' },
    affiliateCode: { type: 'string', description: "an agent's invitation code" },
  },
};

interface OpsMemberBody {
  account: string;
  nickname?: string;
  type?: number;
  password?: string;
  defaultPassword?: boolean;
  mobileNum?: string;
  countryDialingCode?: string;
  email?: string;
  language?: 'BN' | 'EN';
  upline?: string;
}

/** Operator endpoints, protected by the `X-Ops-Key` header. Every write is one transaction. */
export const opsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get(
    '/settings',
    {
      schema: { hide, response: replies({ type: 'object', additionalProperties: true }) },
    },
    async () => {
      app.settings.invalidate();
      return ok(await app.settings.get());
    },
  );

  for (const key of SETTING_KEYS) {
    app.put<{ Body: { value: SystemSettings[typeof key] } }>(
      `/settings/${key}`,
      {
        schema: {
          hide,
          body: { type: 'object', required: ['value'], additionalProperties: false, properties: { value: SETTING_SCHEMAS[key] } },
          response: replies({ type: 'object', required: ['key'], properties: { key: { type: 'string' }, value: {} } }),
        },
      },
      async (request) => {
        await app.settings.set(key as SettingKey, request.body.value);
        return ok({ key, value: request.body.value }, 'Setting updated');
      },
    );
  }

  app.put<{ Params: { key: string } }>('/settings/:key', { schema: { hide } }, async (request) => {
    throw new ApiError(400, 'UNKNOWN_SETTING', `Unknown setting ${request.params.key}; known: ${SETTING_KEYS.join(', ')}`);
  });

  app.post<{ Body: OpsMemberBody }>(
    '/members',
    {
      schema: {
        hide,
        description:
          'Creates a member. password: an initial password (the password policy applies: 8 to 64 characters, not a ' +
          'common one); defaultPassword: true flags it as an operator-set initial password the member must change at ' +
          'the first login (LoginValue.defaultPassword). mobileNum (+ countryDialingCode, default +880) and email bind a ' +
          'mobile and an e-mail (SMS login, reset by phone, extra verification, forgot by e-mail). An agent (1, 2, 41, 42) ' +
          'gets an invitation (affiliate) code. upline: an agent account whose team the member joins (the tree rules ' +
          'apply: 400 MAX_AGENT_LEVEL_ERROR, 400 US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR when the upline is not an active agent, ' +
          '404 USER_NOT_EXIST).',
        body: {
          type: 'object',
          required: ['account'],
          additionalProperties: false,
          properties: {
            account: { type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$' },
            nickname: { type: 'string', minLength: 1, maxLength: 50 },
            type: { type: 'integer', enum: [0, 1, 2, 4, 41, 42], default: 0 },
            password: { type: 'string', minLength: 1, maxLength: 128 },
            defaultPassword: { type: 'boolean' },
            mobileNum: { type: 'string', pattern: '^[0-9]{4,15}$' },
            countryDialingCode: { type: 'string', pattern: '^\\+[1-9][0-9]{0,3}$' },
            email: { type: 'string', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', maxLength: 254 },
            language: { type: 'string', enum: ['BN', 'EN'] },
            upline: { type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$', description: 'the agent whose team the member joins' },
          },
        },
        response: replies(memberValue),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const account = body.account.toLowerCase();
      if (body.password !== undefined) assertPassword('password', body.password, null, 'EN', account);
      const passwordHash = body.password !== undefined ? await app.auth.passwords.hash(body.password) : null;
      const member = await app.db.tx(async (q) => {
        let uplineId: number | null = null;
        if (body.upline !== undefined) {
          await lockTree(q);
          uplineId = await memberIdByAccount(q, body.upline.toLowerCase());
          if (uplineId === null) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${body.upline}`);
          await assertPlacement(q, { memberId: null, type: body.type ?? 0, uplineId });
        }
        const row = await insertOpsMember(q, {
          account,
          nickname: body.nickname ?? account,
          type: body.type ?? 0,
          passwordHash,
          mustChangePassword: passwordHash !== null && body.defaultPassword === true,
          mobileNum: body.mobileNum ?? null,
          dialingCode: body.mobileNum ? (body.countryDialingCode ?? '+880') : null,
          email: body.email ?? null,
          language: body.language ?? 'BN',
        });
        if (row && uplineId !== null) await setUplineId(q, row.id, uplineId);
        if (row && AGENT_TYPES.includes(row.type as (typeof AGENT_TYPES)[number]))
          row.affiliateCode = await createAffiliateCode(q, row.id);
        return row;
      });
      if (!member) {
        const taken = await accountTaken(app.db, account);
        if (taken) throw new ApiError(409, 'US_CUSTOMER_EXIST_ERROR', `Account ${account} already exists`);
        throw new ApiError(409, 'CUSTOMER_MOBILE_NO_DUPLICATED', `Mobile number ${body.mobileNum} is already registered`);
      }
      reply.code(201);
      return ok(member, 'Member created');
    },
  );

  app.post<{ Body: { account: string } }>(
    '/sessions',
    {
      schema: {
        hide,
        body: {
          type: 'object',
          required: ['account'],
          additionalProperties: false,
          properties: { account: { type: 'string', minLength: 1 } },
        },
        response: replies({
          type: 'object',
          required: ['token', 'expiresAt', 'memberId', 'loginCode'],
          properties: {
            token: { type: 'string' },
            expiresAt: { type: 'string', format: 'date-time' },
            memberId: { type: 'integer' },
            loginCode: { type: 'string', description: "for the browser's link /?login=<code>: once, within a minute" },
          },
        }),
      },
    },
    async (request, reply) => {
      const session = await app.db.tx(async (q) => {
        const memberId = await memberIdByAccount(q, request.body.account.toLowerCase());
        if (memberId === null) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${request.body.account}`);
        const session = await createSession(q, memberId, { userAgent: 'ops' });
        const handover = await issueLoginCode(q, session.token);
        return { ...session, memberId, loginCode: handover!.code };
      });
      reply.code(201);
      return ok(session, 'Session issued');
    },
  );

  // A one-time login code for a live session (a browser link that does not carry the token itself).
  app.post<{ Body: { token: string } }>(
    '/sessions/login-codes',
    {
      schema: {
        hide,
        body: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: replies({
          type: 'object',
          required: ['loginCode', 'expiresAt'],
          properties: { loginCode: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
        }),
      },
    },
    async (request, reply) => {
      const handover = await app.db.tx((q) => issueLoginCode(q, request.body.token));
      if (!handover) throw new ApiError(404, 'SESSION_NOT_FOUND', 'No live session with this token');
      reply.code(201);
      return ok({ loginCode: handover.code, expiresAt: handover.expiresAt }, 'Login code issued');
    },
  );

  // Switches one whitelabel flag (e.g. SMSLOGIN3, FREEPLAY3): the storefront follows at its next load.
  app.put<{ Params: { modId: string }; Body: { enabled: boolean } }>(
    '/whitelabel/:modId',
    {
      schema: {
        hide,
        params: { type: 'object', required: ['modId'], properties: { modId: { type: 'string', pattern: '^[A-Z0-9_]{2,32}$' } } },
        body: {
          type: 'object',
          required: ['enabled'],
          additionalProperties: false,
          properties: { enabled: { type: 'boolean' } },
        },
        response: replies({
          type: 'object',
          required: ['modId', 'enabled'],
          properties: { modId: { type: 'string' }, enabled: { type: 'boolean' } },
        }),
      },
    },
    async (request) => {
      const row = await app.db.tx((q) => setWhitelabelFlag(q, request.params.modId, request.body.enabled));
      if (!row) throw new ApiError(404, 'FLAG_NOT_FOUND', `No whitelabel flag ${request.params.modId}`);
      return ok({ modId: row.mod_id, enabled: row.enabled }, 'Flag updated');
    },
  );
};
