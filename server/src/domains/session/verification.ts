// Extra verification of a login from an unregistered IP: the login answered
// LOGIN_VERIFICATION_REQUIRED with a challenge; a code sent to the member's bound mobile or e-mail
// completes it, or (GOOGLE) a code of the member's authenticator app or one of its recovery codes, or
// (BANK) the account name of the member's bound bank account (wrong names count like wrong codes).
// The challenge is bound to the IP of the login, lives 10 minutes and is used once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginValue, LoginVerificationRequest, LoginVerificationSend } from '@khela/api/auth';
import { LOGIN_ERRORS, LOGIN_VERIFICATION_ERRORS } from '@khela/api/auth';
import { revokeMemberSignIns } from '../../http/auth';
import { ApiError } from '../../http/envelope';
import { langOf } from '../../services/messaging';
import { bankNameMatches, findMemberById, sha256, startSession } from '../auth/login-session';
import { useAuthenticatorCode } from '../centre/authenticator';
import { sendCode, useCode, withGuess } from '../verification/codes';
import { adoptTemporaryPassword } from './login';

export const VERIFICATION_ERRORS = LOGIN_VERIFICATION_ERRORS;

interface Challenge {
  id_hash: string;
  member_id: number;
  methods: string[];
  remember: boolean;
  device_hash: string | null;
  revoke_token_hash: string | null;
  temp_password: boolean;
}

const invalid = () => new ApiError(400, VERIFICATION_ERRORS.invalid, 'Verification expired: log in again');

async function liveChallenge(
  app: FastifyInstance,
  request: FastifyRequest,
  verificationId: string,
  method: string,
): Promise<Challenge> {
  const row = await app.db.one<Challenge>(
    `SELECT id_hash, member_id, methods, remember, device_hash, revoke_token_hash, temp_password FROM login_verifications
      WHERE id_hash = $1 AND ip = $2 AND completed_at IS NULL AND expires_at > now()`,
    [sha256(verificationId), request.ip],
  );
  if (!row || !row.methods.includes(method)) throw invalid();
  return row;
}

const target = (c: Challenge, method: string) => `lv:${c.id_hash}:${method}`;

export async function sendVerificationCode(app: FastifyInstance, request: FastifyRequest, body: LoginVerificationSend) {
  const challenge = await liveChallenge(app, request, body.verificationId, body.method);
  const member = await findMemberById(app.db, challenge.member_id);
  if (!member) throw invalid();
  const to =
    body.method === 'MOBILE'
      ? member.mobile_num
        ? `${member.country_dialing_code ?? '+880'}${member.mobile_num.replace(/^0+/, '')}`
        : null
      : member.email;
  if (!to) throw invalid();
  return sendCode(app, request, {
    purpose: 'login-verify',
    target: target(challenge, body.method),
    channel: body.method === 'MOBILE' ? 'sms' : 'email',
    to,
    lang: langOf(member.language),
  });
}

export async function completeVerification(
  app: FastifyInstance,
  request: FastifyRequest,
  body: LoginVerificationRequest,
): Promise<LoginValue> {
  const challenge = await liveChallenge(app, request, body.verificationId, body.method);
  const codeTarget = target(challenge, body.method);
  const settings = await app.settings.get();
  const value = await withGuess(app, 'login-verify', codeTarget, VERIFICATION_ERRORS.code, () =>
    app.db.tx(async (q) => {
      const used =
        body.method === 'GOOGLE'
          ? await useAuthenticatorCode(q, challenge.member_id, body.code)
          : body.method === 'BANK'
            ? await bankNameMatches(q, challenge.member_id, body.code)
            : await useCode(q, 'login-verify', codeTarget, body.code.trim());
      if (!used) return null;
      const done = await q.one(
        `UPDATE login_verifications SET completed_at = now() WHERE id_hash = $1 AND completed_at IS NULL AND expires_at > now() RETURNING 1`,
        [challenge.id_hash],
      );
      if (!done) throw invalid();
      let member = await findMemberById(q, challenge.member_id);
      if (!member || member.status !== 0)
        throw new ApiError(403, LOGIN_ERRORS.forbidden, 'This account cannot log in: contact customer service');
      if (challenge.temp_password && member.temp_live) {
        member = (await adoptTemporaryPassword(q, member.id)) ?? member;
        await revokeMemberSignIns(q, member.id, null); // as at a sign-in with it (hardening 9)
      }
      return startSession(q, settings, member, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        presentedTokenHash: challenge.revoke_token_hash,
        rememberDevice: challenge.remember ? challenge.device_hash : null,
      });
    }),
  );
  if (!value) {
    throw new ApiError(400, VERIFICATION_ERRORS.code, 'Verification code invalid or expired');
  }
  return value;
}
