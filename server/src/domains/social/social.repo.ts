// The social sign-in's SQL: the providers the operators configure, the sign-ins left for a
// provider (social_logins), and the identities linked to members. The routes (social.routes.ts,
// social.ops.ts) decide and answer; this module reads and writes.
import type { Queryable } from '../../db/db';

export interface ProviderRow {
  id: string;
  label: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string | null;
  enabled: boolean;
  updated_at: Date;
}

/** A provider as the operators see it (the secret is never read back). */
export interface ProviderView {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  redirectUri: string | null;
  enabled: boolean;
  sort: number;
}

export interface SocialLoginRow {
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  return_to: string;
  link_member_id: number | null;
  referral_code: string | null;
  language: string;
  ip: string;
}

export async function enabledProviderRow(q: Queryable, id: string): Promise<ProviderRow | null> {
  return q.one<ProviderRow>('SELECT * FROM social_providers WHERE id = $1 AND enabled', [id]);
}

/** The enabled providers as the storefront lists them. */
export async function enabledProviders(q: Queryable): Promise<{ id: string; label: string }[]> {
  return q.query<{ id: string; label: string }>('SELECT id, label FROM social_providers WHERE enabled ORDER BY sort, id');
}

export async function accountTaken(q: Queryable, account: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE lower(account) = $1', [account]));
}

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE lower(email) = $1', [email]));
}

/** The member linked to a provider identity (its last login moved to now), or null. */
export async function touchLinkedIdentity(q: Queryable, provider: string, subject: string): Promise<number | null> {
  const linked = await q.one<{ member_id: number }>(
    'UPDATE member_identities SET last_login_at = now() WHERE provider = $1 AND subject = $2 RETURNING member_id',
    [provider, subject],
  );
  return linked ? Number(linked.member_id) : null;
}

export interface NewSocialMember {
  account: string;
  nickname: string;
  email: string | null;
  language: string;
  ip: string;
  referralCode: string | null;
}

/** Creates the player a social sign-in registers: its id. */
export async function insertSocialMember(q: Queryable, m: NewSocialMember): Promise<number> {
  const created = await q.one<{ id: number }>(
    `INSERT INTO members (account, nickname, type, email, language, registration_ip, register_method, referral_code)
     VALUES ($1, $2, 0, $3, $4, $5, 'SOCIAL', $6) RETURNING id`,
    [m.account, m.nickname, m.email, m.language, m.ip, m.referralCode],
  );
  return Number(created!.id);
}

export async function insertIdentity(
  q: Queryable,
  provider: string,
  subject: string,
  memberId: number,
  email: string | null | undefined,
): Promise<void> {
  await q.query(
    'INSERT INTO member_identities (provider, subject, member_id, email, last_login_at) VALUES ($1, $2, $3, $4, now())',
    [provider, subject, memberId, email],
  );
}

export interface NewSocialLogin {
  stateHash: string;
  provider: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  returnTo: string;
  linkMemberId: number | null;
  referralCode: string | null;
  language: string;
  ip: string;
  ttlSeconds: number;
}

/** Keeps a sign-in left for the provider (and forgets those expired over an hour ago). */
export async function insertSocialLogin(q: Queryable, l: NewSocialLogin): Promise<void> {
  await q.query(`DELETE FROM social_logins WHERE expires_at < now() - interval '1 hour'`);
  await q.query(
    `INSERT INTO social_logins (state_hash, provider, code_verifier, nonce, redirect_uri, return_to, link_member_id, referral_code,
                                language, ip, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11))`,
    [
      l.stateHash,
      l.provider,
      l.codeVerifier,
      l.nonce,
      l.redirectUri,
      l.returnTo,
      l.linkMemberId,
      l.referralCode,
      l.language,
      l.ip,
      l.ttlSeconds,
    ],
  );
}

/** Takes a sign-in by its state, once and before it expires: the first return gets it, a replay null. */
export async function claimSocialLogin(q: Queryable, stateHash: string): Promise<SocialLoginRow | null> {
  return q.one<SocialLoginRow>(
    `UPDATE social_logins SET called_back_at = now()
      WHERE state_hash = $1 AND called_back_at IS NULL AND expires_at > now() RETURNING *`,
    [stateHash],
  );
}

/** Records the sign-in's member and the one-time code the page exchanges for its session. */
export async function setHandoff(
  q: Queryable,
  stateHash: string,
  memberId: number,
  handoffHash: string,
  ttlSeconds: number,
): Promise<void> {
  await q.query(
    `UPDATE social_logins SET member_id = $2, handoff_hash = $3, handoff_expires_at = now() + make_interval(secs => $4)
      WHERE state_hash = $1`,
    [stateHash, memberId, handoffHash, ttlSeconds],
  );
}

/** Uses a one-time code, once and before it expires: the member it signs in, or null. */
export async function completeHandoff(q: Queryable, handoffHash: string): Promise<number | null> {
  const row = await q.one<{ member_id: number }>(
    `UPDATE social_logins SET completed_at = now()
      WHERE handoff_hash = $1 AND completed_at IS NULL AND handoff_expires_at > now() RETURNING member_id`,
    [handoffHash],
  );
  return row ? Number(row.member_id) : null;
}

export async function listProviders(q: Queryable): Promise<ProviderView[]> {
  return q.query<ProviderView>(
    `SELECT id, label, issuer, client_id AS "clientId", redirect_uri AS "redirectUri", enabled, sort FROM social_providers ORDER BY sort, id`,
  );
}

export async function providerExists(q: Queryable, id: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM social_providers WHERE id = $1', [id]));
}

export interface ProviderChange {
  label: string;
  issuer: string;
  clientId: string;
  /** the sealed secret a new provider is stored with */
  insertSecret: string;
  redirectUri: string | null;
  enabled: boolean;
  sort: number;
  /** the sealed secret that replaces an existing provider's, null to keep it */
  newSecret: string | null;
}

/** Creates or replaces a provider. */
export async function upsertProvider(q: Queryable, id: string, p: ProviderChange): Promise<ProviderView> {
  const row = await q.one<ProviderView>(
    `INSERT INTO social_providers (id, label, issuer, client_id, client_secret, redirect_uri, enabled, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label, issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
       client_secret = COALESCE($9, social_providers.client_secret), redirect_uri = EXCLUDED.redirect_uri,
       enabled = EXCLUDED.enabled, sort = EXCLUDED.sort, updated_at = now()
     RETURNING id, label, issuer, client_id AS "clientId", redirect_uri AS "redirectUri", enabled, sort`,
    [id, p.label, p.issuer, p.clientId, p.insertSecret, p.redirectUri, p.enabled, p.sort, p.newSecret],
  );
  return row!;
}
