#!/usr/bin/env node
// A real OpenID Connect provider (the oidc-provider package) for the social sign-in tests: its
// development login and consent pages take any login name, which becomes the subject; the e-mail is
// <login>@mail.example, verified. Client "khela" with the secret below; PKCE is required.
// Usage: node oidc-provider.mjs <port> <redirect uri>[,<redirect uri>...]   Prints "ready <issuer>".
import Provider from 'oidc-provider';

const port = Number(process.argv[2] ?? 0);
const redirectUris = (process.argv[3] ?? '').split(',').filter(Boolean);
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'khela',
      client_secret: 'khela-test-secret',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  cookies: { keys: ['khela-test-only-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, email: `${id}@mail.example`, email_verified: true, name: `Player ${id}` }),
  }),
});
provider.proxy = false;

const server = provider.listen(port, '127.0.0.1', () => console.log(`ready ${issuer}`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
