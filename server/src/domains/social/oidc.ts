import * as client from 'openid-client';

/** A provider as operators configure it (social_providers). */
export interface ProviderConfig {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  updatedAt: string;
}

/** A loopback issuer (a provider started on this machine for development and tests) may use plain http. */
export function isLoopbackIssuer(issuer: string): boolean {
  const { protocol, hostname } = new URL(issuer);
  return protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
}

/**
 * The providers' discovered configurations, kept 10 minutes per provider and version of its settings
 * (an operator's change takes effect at once). A failed discovery is not kept.
 */
export class OidcClients {
  private readonly cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  constructor(private readonly ttlMs = 10 * 60_000) {}

  configuration(p: ProviderConfig): Promise<client.Configuration> {
    const key = `${p.id}|${p.updatedAt}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.config;
    for (const k of this.cache.keys()) if (k.startsWith(`${p.id}|`)) this.cache.delete(k);
    const config = client.discovery(new URL(p.issuer), p.clientId, undefined, client.ClientSecretBasic(p.clientSecret), {
      timeout: 10,
      execute: isLoopbackIssuer(p.issuer) ? [client.allowInsecureRequests] : [],
    });
    config.catch(() => this.cache.delete(key));
    this.cache.set(key, { at: Date.now(), config });
    return config;
  }
}

export interface Authorization {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The authorisation address, with a fresh state, nonce and PKCE verifier (S256). */
export async function authorization(config: client.Configuration, redirectUri: string, language: string): Promise<Authorization> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ui_locales: language === 'EN' ? 'en' : 'bn en',
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export interface Identity {
  subject: string;
  email: string | null;
  name: string | null;
}

/**
 * The code exchanged at the token endpoint with the PKCE verifier; the ID token's signature,
 * issuer, audience, nonce and the state checked by openid-client. Throws on any failure.
 */
export async function redeem(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Identity> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken?.sub) throw new Error('no subject in the ID token');
  // providers put the profile and e-mail in the ID token or only behind the userinfo endpoint
  // (which must answer for the same subject)
  const claims: Record<string, unknown> =
    idToken.email === undefined || idToken.name === undefined
      ? { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken }
      : idToken;
  const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null;
  const name = typeof claims.name === 'string' ? claims.name : null;
  return { subject: idToken.sub, email, name };
}
