import type { FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import {
  AUTHENTICATOR_PATHS,
  type AuthenticatorConfirmDto,
  type AuthenticatorSetupDto,
  type AuthenticatorStatusDto,
} from '@khela/api/member-centre';
import { ApiError, ok, replies } from '../../http/envelope';
import { closedObject, str } from '../../http/schemas';
import { clearGuesses, withGuess } from '../verification/codes';
import {
  issueRecoveryCodes,
  RECOVERY_CODE_COUNT,
  newTotpSecret,
  sealTotpSecret,
  totpUri,
  useAuthenticatorCode,
} from './authenticator';
import { requireRealMember } from './guards';
import { authenticatorRow, confirmTotp, deleteTotp, totpIn, upsertPendingTotp } from './centre.repo';

const tags = ['member centre'];
const security = [{ token: [] }];
export const AUTHENTICATOR_ERRORS = {
  /** wrong, outside the 30-second window either side, already used, or an unknown or used recovery code */
  code: 'AUTHENTICATOR_CODE_INVALID',
  enabled: 'AUTHENTICATOR_ENABLED',
  notSetUp: 'AUTHENTICATOR_NOT_SET_UP',
} as const;

const codeBody = closedObject({ code: str(32, { minLength: 1 }) }, ['code']);
const wrongCode = () => new ApiError(400, AUTHENTICATOR_ERRORS.code, 'The code is not right: enter the current code of the app');

/** The security centre's authenticator app: set up (QR code), confirm (recovery codes), status, turn off. */
export const authenticatorRoutes: FastifyPluginAsync = async (app) => {
  const status = async (memberId: number): Promise<AuthenticatorStatusDto> => {
    const row = await authenticatorRow(app.db, memberId);
    return { enabled: row?.enabled ?? false, recoveryLeft: row?.enabled ? row.left : 0 };
  };

  app.get(
    AUTHENTICATOR_PATHS.status,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Whether the authenticator app is on, and how many recovery codes are left',
        description: '401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        response: replies({
          type: 'object',
          required: ['enabled', 'recoveryLeft'],
          properties: { enabled: { type: 'boolean' }, recoveryLeft: { type: 'integer' } },
        }),
      },
    },
    async (request) => ok(await status(request.member!.id)),
  );

  app.post(
    AUTHENTICATOR_PATHS.setup,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Starts setting up the authenticator app: a new secret and its QR code',
        description:
          'The secret (base32), its otpauth URI and the QR code (a data: URL, SVG) to scan. It replaces a secret not ' +
          `yet confirmed; nothing works with it until POST ${AUTHENTICATOR_PATHS.confirm}. Stored sealed. ` +
          `409 ${AUTHENTICATOR_ERRORS.enabled} when the app is already on (turn it off first).`,
        body: { type: 'object', additionalProperties: false, maxProperties: 0 },
        response: replies({
          type: 'object',
          required: ['secret', 'uri', 'qr'],
          properties: { secret: { type: 'string' }, uri: { type: 'string' }, qr: { type: 'string' } },
        }),
      },
    },
    async (request) => {
      const me = request.member!;
      const secret = newTotpSecret();
      const replaced = await upsertPendingTotp(app.db, me.id, sealTotpSecret(secret));
      if (!replaced) throw new ApiError(409, AUTHENTICATOR_ERRORS.enabled, 'The authenticator app is already on');
      const uri = totpUri(me.account, secret);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      const value: AuthenticatorSetupDto = {
        secret,
        uri,
        qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
      return ok(value);
    },
  );

  app.post<{ Body: { code: string } }>(
    AUTHENTICATOR_PATHS.confirm,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Turns the authenticator app on with its first code; answers the recovery codes (once)',
        description:
          `400 ${AUTHENTICATOR_ERRORS.code} (wrong or outside the window; 5 wrong codes in 10 minutes, then wait), ` +
          `409 ${AUTHENTICATOR_ERRORS.notSetUp} when no setup is pending. The ${RECOVERY_CODE_COUNT} recovery codes are stored hashed and ` +
          'are never shown again; each works once in place of a code.',
        body: codeBody,
        response: replies({
          type: 'object',
          required: ['recoveryCodes'],
          properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
        }),
      },
    },
    async (request) => {
      const me = request.member!;
      const pending = await totpIn(app.db, me.id, 'pending');
      if (!pending) throw new ApiError(409, AUTHENTICATOR_ERRORS.notSetUp, 'Start the setup first');
      const target = `totp:${me.id}`;
      const codes = await withGuess(app, 'login-verify', target, AUTHENTICATOR_ERRORS.code, () =>
        app.db.tx(async (q) => {
          if (!(await useAuthenticatorCode(q, me.id, request.body.code, { pending: true }))) return null;
          await confirmTotp(q, me.id);
          return issueRecoveryCodes(q, me.id);
        }),
      );
      if (!codes) throw wrongCode();
      await clearGuesses(app, 'login-verify', target);
      const value: AuthenticatorConfirmDto = { recoveryCodes: codes };
      return ok(value, 'Authenticator app on');
    },
  );

  app.delete<{ Body: { code: string } }>(
    AUTHENTICATOR_PATHS.status,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Turns the authenticator app off',
        description: `Needs a current code of the app or a recovery code: 400 ${AUTHENTICATOR_ERRORS.code}; 409 ${AUTHENTICATOR_ERRORS.notSetUp}.`,
        body: codeBody,
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const me = request.member!;
      const target = `totp:${me.id}`;
      const done = await withGuess(app, 'login-verify', target, AUTHENTICATOR_ERRORS.code, () =>
        app.db.tx(async (q) => {
          const on = await totpIn(q, me.id, 'confirmed');
          if (!on) throw new ApiError(409, AUTHENTICATOR_ERRORS.notSetUp, 'The authenticator app is off');
          if (!(await useAuthenticatorCode(q, me.id, request.body.code))) return null;
          await deleteTotp(q, me.id);
          return true;
        }),
      );
      if (!done) throw wrongCode();
      return ok(null, 'Authenticator app off');
    },
  );
};
