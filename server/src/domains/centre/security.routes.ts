import type { FastifyPluginAsync } from 'fastify';
import { dhakaDay } from '@khela/api/records';
import { SECURITY_PATHS, type DeviceDto, type ProfileDto } from '@khela/api/member-centre';
import { DEFAULT_PROFILE_SETTINGS, PROFILE_FIELDS, profileSchema, validate, type ProfileSettings } from '@khela/validation';
import { hashToken, revokeMemberSessions, tokenFrom } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { requestLang } from '../auth/auth.services';
import { messageIn, validationFailed } from '../../http/fields';
import { maskEmail, maskMobile } from '../auth/login-session';
import { requireRealMember } from './guards';
import {
  liveSessions,
  lockPayeeName,
  mergeProfile,
  otherSessionCount,
  profileRow,
  revokeRememberTokens,
  setNickname,
} from './centre.repo';

const tags = ['member centre'];
const security = [{ token: [] }];

export interface SecurityOptions {
  /** the clock of "today" (the birthday's age rule) */
  now?: () => Date;
}

/** The public id of a session: a prefix of its token's hash (which is itself not secret). */
const deviceId = (tokenHash: string) => tokenHash.slice(0, 16);

/** The security centre: the profile the operator enables, and the signed-in devices. */
export const securityRoutes: FastifyPluginAsync<SecurityOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  const profileSettings = async (): Promise<ProfileSettings> =>
    (await app.settings.get()).memberProfile ?? DEFAULT_PROFILE_SETTINGS;

  const readProfile = async (memberId: number): Promise<ProfileDto> => {
    const settings = await profileSettings();
    const row = await profileRow(app.db, memberId);
    const stored: Record<string, unknown> = { ...(row?.fields ?? {}), nickname: row?.nickname ?? '' };
    return {
      settings,
      values: Object.fromEntries(settings.fields.map((f) => [f, typeof stored[f] === 'string' ? stored[f] : ''])),
      mobileNum: row?.mobile_num ? maskMobile(row.mobile_num) : null,
      email: row?.email ? maskEmail(row.email) : null,
    };
  };

  const profileSchemaJson = {
    type: 'object',
    required: ['settings', 'values', 'mobileNum', 'email'],
    properties: {
      settings: {
        type: 'object',
        required: ['fields', 'required', 'minAge'],
        properties: {
          fields: { type: 'array', items: { type: 'string' } },
          required: { type: 'array', items: { type: 'string' } },
          minAge: { type: 'integer' },
        },
      },
      values: { type: 'object', additionalProperties: { type: 'string' } },
      mobileNum: { type: ['string', 'null'] },
      email: { type: ['string', 'null'] },
    },
  };

  app.get(
    SECURITY_PATHS.profile,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The member's profile: the fields the operator enables, their values, the bound mobile and e-mail",
        description: 'Mobile and e-mail are masked. 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        response: replies(profileSchemaJson),
      },
    },
    async (request) => ok(await readProfile(request.member!.id)),
  );

  app.put<{ Body: Record<string, string> }>(
    SECURITY_PATHS.profile,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Changes profile fields',
        description:
          'Only the fields given change (an empty string clears one the operator does not require). Every field is ' +
          "checked by @khela/validation's profileSchema, in the request's language: 400 VALIDATION_FAILED with " +
          'value.fields, and nothing changes. A field the operator has not enabled is refused the same way, and so is a ' +
          'change of a payee name already set (withdrawals are paid to it). Kept in members.profile with the ' +
          'registration fields. ' +
          'Answers the profile as GET does.',
        body: {
          type: 'object',
          minProperties: 1,
          additionalProperties: false,
          properties: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, { type: 'string', maxLength: 255 }])),
        },
        response: replies(profileSchemaJson),
      },
    },
    async (request) => {
      const me = request.member!;
      const settings = await profileSettings();
      const checked = validate(
        profileSchema(settings, dhakaDay(now()), Object.keys(request.body)),
        request.body,
        requestLang(request),
      );
      if (!checked.success) throw validationFailed(checked.errors);
      const { nickname, ...rest } = request.body;
      await app.db.tx(async (q) => {
        // the payee name is what withdrawals are paid to: set once, then only customer service changes it
        const payee = await lockPayeeName(q, me.id);
        if (rest.payeeName !== undefined && payee && rest.payeeName !== payee)
          throw validationFailed({ payeeName: messageIn(requestLang(request), 'payeeNameFixed') });
        if (nickname !== undefined && nickname !== '') await setNickname(q, me.id, nickname);
        if (Object.keys(rest).length) await mergeProfile(q, me.id, rest);
      });
      return ok(await readProfile(me.id), 'Profile saved');
    },
  );

  const deviceSchema = {
    type: 'object',
    required: ['id', 'current', 'createdAt', 'lastSeenAt', 'ip', 'userAgent'],
    properties: {
      id: { type: 'string' },
      current: { type: 'boolean' },
      createdAt: { type: 'string', format: 'date-time' },
      lastSeenAt: { type: 'string', format: 'date-time' },
      ip: { type: ['string', 'null'] },
      userAgent: { type: ['string', 'null'] },
    },
  };

  app.get(
    SECURITY_PATHS.devices,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The member's signed-in devices (live sessions), this one first",
        description: '401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        response: replies({ type: 'array', items: deviceSchema }),
      },
    },
    async (request) => {
      const mine = hashToken(tokenFrom(request.headers.authorization)!);
      const rows = await liveSessions(app.db, request.member!.id, mine);
      const devices: DeviceDto[] = rows.map((r) => ({
        id: deviceId(r.token_hash),
        current: r.token_hash === mine,
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        ip: r.ip,
        userAgent: r.user_agent,
      }));
      return ok(devices);
    },
  );

  app.delete(
    SECURITY_PATHS.otherDevices,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Logs out everywhere else',
        description:
          'Ends every other sign-in of the member (and the games they launched, and the remembered logins); this one ' +
          "stays. The other devices' pages get the live channel's logout at its next session check. Answers how many ended.",
        response: replies({ type: 'object', required: ['ended'], properties: { ended: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const me = request.member!;
      const mine = hashToken(tokenFrom(request.headers.authorization)!);
      const ended = await app.db.tx(async (q) => {
        const before = await otherSessionCount(q, me.id, mine);
        await revokeMemberSessions(q, me.id, mine);
        await revokeRememberTokens(q, me.id);
        return before;
      });
      if (app.live.enabled) void app.live.checkSessions().catch(() => undefined);
      return ok({ ended }, 'Logged out everywhere else');
    },
  );
};
