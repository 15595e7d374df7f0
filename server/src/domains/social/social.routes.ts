import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LOGIN_ERRORS, SOCIAL_ERRORS, SOCIAL_RETURN, type SocialCompleteRequest, type SocialStartRequest } from '@khela/api/auth';
import type { Queryable } from '../../db/db';
import { findSessionMember, tokenFrom } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { unwrapSecret } from '../../http/sealed';
import { retrySeconds } from '../../services/rate-limit';
import { flagEnabled, requestLang } from '../auth/auth.services';
import type { AuthLimits } from '../auth/limits';
import { findMemberById, startSession } from '../auth/login-session';
import { loginValueSchema } from '../auth/schemas';
import { closedObject, str } from '../../http/schemas';
import { strictBody } from '../../http/strict-body';
import { authorization, OidcClients, redeem, type Identity, type ProviderConfig } from './oidc';
import {
  accountTaken,
  claimSocialLogin,
  completeHandoff,
  emailTaken,
  enabledProviderRow,
  enabledProviders,
  insertIdentity,
  insertSocialLogin,
  insertSocialMember,
  type ProviderRow,
  setHandoff,
  type SocialLoginRow,
  touchLinkedIdentity,
} from './social.repo';

const tags = ['session'];
export const SOCIAL_CALLBACK_PATH = '/wps/session/social/callback';
/** a sign-in left for the provider must come back within this */
export const SOCIAL_LOGIN_TTL_S = 600;
/** the code the page exchanges for its session is good this long, once */
export const SOCIAL_HANDOFF_TTL_S = 120;
/** a path of the site (never //host, which a browser reads as another site) */
export const RETURN_TO_PATTERN = '^/(?!/)[A-Za-z0-9._~!$&()*+,;=:@%/?-]{0,300}$';
const returnToRe = new RegExp(RETURN_TO_PATTERN);

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function enabledProvider(q: Queryable, id: string): Promise<ProviderRow> {
  const row = await enabledProviderRow(q, id);
  if (!row || !(await flagEnabled(q, 'SOCIALLOGIN3')))
    throw new ApiError(403, SOCIAL_ERRORS.disabled, 'Social sign-in is not enabled');
  return row;
}

const providerConfig = (r: ProviderRow): ProviderConfig => ({
  id: r.id,
  issuer: r.issuer,
  clientId: r.client_id,
  clientSecret: unwrapSecret(r.client_secret).toString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** Where the provider sends the browser back: the operator's address, else this origin's. */
function redirectUriOf(r: ProviderRow, request: FastifyRequest): string {
  return r.redirect_uri ?? `${request.protocol}://${request.host}${SOCIAL_CALLBACK_PATH}`;
}

/** A free account name for a member the sign-in creates: 's' and 11 letters or digits from the provider's subject. */
async function accountFor(q: Queryable, provider: string, subject: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const digest = BigInt(`0x${sha256(`${provider}:${subject}:${attempt}`).slice(0, 16)}`)
      .toString(36)
      .padStart(11, '0')
      .slice(0, 11);
    const account = `s${digest}`;
    if (!(await accountTaken(q, account))) return account;
  }
  return `s${randomBytes(8).toString('hex').slice(0, 11)}`;
}

/**
 * The member for a provider identity, in the callback's transaction: the one already linked; the
 * member who started the sign-in while logged in (linking it); else a new player, under the
 * registration rules (registration open, the per-IP registration limit, the referral code kept).
 */
async function memberFor(
  app: FastifyInstance,
  q: Queryable,
  login: Pick<SocialLoginRow, 'provider' | 'link_member_id' | 'referral_code' | 'language' | 'ip'>,
  who: Identity,
  limits: AuthLimits,
): Promise<number> {
  const linked = await touchLinkedIdentity(q, login.provider, who.subject);
  if (linked !== null) {
    if (login.link_member_id !== null && linked !== Number(login.link_member_id)) {
      throw new ApiError(409, SOCIAL_ERRORS.linkedElsewhere, 'This account is linked to another member');
    }
    return linked;
  }
  let memberId = login.link_member_id === null ? null : Number(login.link_member_id);
  if (memberId === null) {
    const open = await Promise.all(['USERNAMEREG3', 'MOBILENUMREG3'].map((f) => flagEnabled(q, f)));
    if (!open.some(Boolean)) throw new ApiError(403, SOCIAL_ERRORS.closed, 'Registration is closed');
    const hit = await app.auth.limiter.hit(`register:ip:${login.ip}`, limits.registrationsPerIp, 60 * 60_000);
    if (!hit.allowed) {
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many registrations from here: try again later', {
        retryAfterSeconds: retrySeconds(hit.retryAfterMs),
      });
    }
    // an e-mail another member has bound is not taken over: the new member starts without one
    const emailFree = who.email && !(await emailTaken(q, who.email));
    const account = await accountFor(q, login.provider, who.subject);
    const nickname =
      (who.name ?? account)
        .replace(/[\p{C}<>]/gu, '')
        .trim()
        .slice(0, 30) || account;
    memberId = await insertSocialMember(q, {
      account,
      nickname,
      email: emailFree ? who.email! : null,
      language: login.language,
      ip: login.ip,
      referralCode: login.referral_code,
    });
  }
  await insertIdentity(q, login.provider, who.subject, memberId, who.email);
  return memberId;
}

/** Social sign-in with OpenID Connect: the authorisation code flow with PKCE, state and nonce kept on the server. */
export const socialRoutes: FastifyPluginAsync<{ clients?: OidcClients }> = async (app, opts) => {
  const clients = opts.clients ?? new OidcClients();

  app.get(
    '/wps/session/social/providers',
    {
      schema: {
        tags,
        summary: 'The social sign-in providers on offer (none while SOCIALLOGIN3 is off)',
        response: replies({
          type: 'array',
          items: { type: 'object', required: ['id', 'label'], properties: { id: { type: 'string' }, label: { type: 'string' } } },
        }),
      },
    },
    async () => {
      if (!(await flagEnabled(app.db, 'SOCIALLOGIN3'))) return ok([]);
      return ok(await enabledProviders(app.db));
    },
  );

  app.post<{ Params: { provider: string }; Body: SocialStartRequest }>(
    '/wps/session/social/:provider/start',
    {
      preValidation: strictBody,
      schema: {
        tags,
        summary: "Starts a social sign-in: answers the provider's authorisation address for the browser to go to",
        description:
          "A member's token in Authorization links the provider account to that member instead. 403 OPERATION_NOT_ENABLED " +
          'while SOCIALLOGIN3 is off or for an unknown provider; 503 SOCIAL_LOGIN_FAILED when the provider cannot be reached.',
        security: [{ token: [] }],
        params: {
          type: 'object',
          required: ['provider'],
          properties: { provider: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,31}$' } },
        },
        body: closedObject({ returnTo: { type: 'string', pattern: RETURN_TO_PATTERN }, referralCode: str(32) }, ['returnTo']),
        response: replies({ type: 'object', required: ['url'], properties: { url: { type: 'string' } } }),
      },
    },
    async (request) => {
      const provider = await enabledProvider(app.db, request.params.provider);
      const limits = await app.auth.limits();
      const hit = await app.auth.limiter.hit(`social:ip:${request.ip}`, limits.registrationsPerIp * 3, 10 * 60_000);
      if (!hit.allowed) {
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many sign-ins from here: try again later', {
          retryAfterSeconds: retrySeconds(hit.retryAfterMs),
        });
      }
      const token = tokenFrom(request.headers.authorization);
      const member = token ? await findSessionMember(app.db, token) : null;
      const redirectUri = redirectUriOf(provider, request);
      let config;
      try {
        config = await clients.configuration(providerConfig(provider));
      } catch (err) {
        request.log.warn({ err, provider: provider.id }, 'social sign-in: provider discovery failed');
        throw new ApiError(503, SOCIAL_ERRORS.failed, 'The sign-in provider cannot be reached: try again later');
      }
      const lang = requestLang(request);
      const auth = await authorization(config, redirectUri, lang);
      await insertSocialLogin(app.db, {
        stateHash: sha256(auth.state),
        provider: provider.id,
        codeVerifier: auth.codeVerifier,
        nonce: auth.nonce,
        redirectUri,
        returnTo: request.body.returnTo,
        linkMemberId: member?.id ?? null,
        referralCode: request.body.referralCode?.trim() || null,
        language: lang,
        ip: request.ip,
        ttlSeconds: SOCIAL_LOGIN_TTL_S,
      });
      return ok({ url: auth.url });
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    SOCIAL_CALLBACK_PATH,
    {
      schema: {
        tags,
        summary:
          "The provider's return: redirects to the page the sign-in started from, with #social=<code> or #socialError=<errorCode>",
        querystring: {
          type: 'object',
          properties: { state: { type: 'string', maxLength: 200 }, code: { type: 'string', maxLength: 2000 } },
          additionalProperties: { type: 'string', maxLength: 2000 },
        },
        response: { 302: { description: 'back to the storefront', type: 'null' } },
      },
    },
    async (request, reply) => {
      const back = (returnTo: string, key: string, value: string) =>
        reply
          .header('Cache-Control', 'no-store')
          .header('Referrer-Policy', 'no-referrer')
          .redirect(`${returnTo}#${key}=${encodeURIComponent(value)}`, 302);
      const state = request.query.state;
      // the state is used once: the first return takes it, a replayed one finds nothing
      const login = state ? await claimSocialLogin(app.db, sha256(state)) : null;
      if (!login) return back('/', SOCIAL_RETURN.error, SOCIAL_ERRORS.expired);
      const returnTo = returnToRe.test(login.return_to) ? login.return_to : '/';
      try {
        const provider = await enabledProvider(app.db, login.provider);
        const config = await clients.configuration(providerConfig(provider));
        const callbackUrl = new URL(login.redirect_uri);
        callbackUrl.search = new URLSearchParams(request.query).toString();
        const who = await redeem(config, callbackUrl, { state: state!, nonce: login.nonce, codeVerifier: login.code_verifier });
        const handoff = randomBytes(32).toString('base64url');
        // read before the transaction: the settings come from the database itself
        const limits = await app.auth.limits();
        await app.db.tx(async (q) => {
          const memberId = await memberFor(app, q, login, who, limits);
          await setHandoff(q, login.state_hash, memberId, sha256(handoff), SOCIAL_HANDOFF_TTL_S);
        });
        return back(returnTo, SOCIAL_RETURN.code, handoff);
      } catch (err) {
        const code = err instanceof ApiError ? err.errorCode : SOCIAL_ERRORS.failed;
        if (!(err instanceof ApiError))
          request.log.warn({ err, provider: login.provider }, 'social sign-in: the return failed a check');
        return back(returnTo, SOCIAL_RETURN.error, code);
      }
    },
  );

  app.post<{ Body: SocialCompleteRequest }>(
    '/wps/session/social/complete',
    {
      preValidation: strictBody,
      schema: {
        tags,
        summary: "Exchanges the return's code (once, within two minutes) for the session",
        description:
          '400 SOCIAL_LOGIN_EXPIRED for an unknown, used or expired code. A session token sent in Authorization is revoked.',
        security: [{ token: [] }],
        body: closedObject({ code: { type: 'string', minLength: 20, maxLength: 100 } }, ['code']),
        response: replies(loginValueSchema),
      },
    },
    async (request) => {
      const settings = await app.settings.get();
      const value = await app.db.tx(async (q) => {
        const memberId = await completeHandoff(q, sha256(request.body.code));
        if (memberId === null) return null;
        const member = await findMemberById(q, memberId);
        if (!member) return null;
        if (member.status !== 0) throw new ApiError(403, LOGIN_ERRORS.forbidden, 'This account cannot log in');
        return startSession(q, settings, member, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          presentedToken: tokenFrom(request.headers.authorization),
        });
      });
      if (!value) throw new ApiError(400, SOCIAL_ERRORS.expired, 'The sign-in has expired: start again');
      return ok(value);
    },
  );
};
