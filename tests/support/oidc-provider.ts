// A real OpenID Connect provider (oidc-provider) on loopback for the SSO tests. Its development
// login screen accepts any login name; the account's e-mail is `<login>@idp.example` unless the
// login already is an address (one starting `unverified.` comes with email_verified false).
// Run directly it listens on OIDC_PORT (for Playwright).
import http from 'node:http';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'lectern', secret: 'lectern-test-secret' };

export async function startOidcProvider(opts: { port?: number; redirectUris: string[] }) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const email = id.includes('@') ? id : `${id}@idp.example`;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email,
          email_verified: !email.startsWith('unverified.'),
          given_name: 'Sam',
          family_name: 'Okafor',
          name: 'Sam Okafor',
        }),
      };
    },
  });
  provider.proxy = false;
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.OIDC_PORT ?? 4174);
  const redirect = process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:4173/login/sso/success';
  const { issuer } = await startOidcProvider({ port, redirectUris: [redirect] });
  console.log(`Test OpenID provider at ${issuer}`);
}
