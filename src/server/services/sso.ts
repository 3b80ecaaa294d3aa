// Institution single sign-on with OpenID Connect (openid-client): authorization code flow with
// PKCE, state and nonce, each state used once within 10 minutes. The institution's identity
// provider proves the reader belongs to it, so the account joins that institution: only for an
// address of one of the institution's proven e-mail domains that the provider says it verified (a
// provider that lets anyone register, or takes any address, must not hand out membership). Which
// account it signs in is decided by the provider's (issuer, subject), never by the address alone
// (repositories/sso.ts).
import * as oidc from 'openid-client';
import type { Queryable } from '../db/index';
import { HttpError } from '../http-error';
import { savePendingSignIn, ssoInstitution, ssoInstitutions, takePendingSignIn, type SsoInstitution } from '../repositories/sso';
import { createSamlService } from './saml';

const STATE_TTL_S = 600;
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
export const ssoCallbackUrl = (publicUrl: string) => `${publicUrl}/login/sso/success`;
const failed = (why: string) =>
  new HttpError(400, 'sso_failed', `Sign-in with your institution did not complete: ${why}. Please try again.`);

export function createSsoService(db: Queryable, publicUrl: string) {
  const configs = new Map<string, Promise<oidc.Configuration>>();
  const saml = createSamlService(db, publicUrl);

  /** Discovery once per provider and client; plain http is allowed only on loopback (tests, local
   * IdPs). The secret is in the key: a secret changed in the console is used at once. */
  function configFor(inst: SsoInstitution): Promise<oidc.Configuration> {
    const key = `${inst.sso_issuer}|${inst.sso_client_id}|${inst.sso_client_secret}`;
    let config = configs.get(key);
    if (!config) {
      const issuer = new URL(inst.sso_issuer!);
      config = oidc.discovery(issuer, inst.sso_client_id!, undefined, oidc.ClientSecretBasic(inst.sso_client_secret!), {
        execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
      });
      config.catch(() => configs.delete(key));
      configs.set(key, config);
    }
    return config;
  }

  return {
    list: () => ssoInstitutions(db),

    /** The identity provider's sign-in address for an institution (by id or org code); with
     * `linkUserId`, the sign-in links that signed-in reader's account instead. */
    async start(org: string, returnTo: string, linkUserId: number | null = null): Promise<URL> {
      const inst = await ssoInstitution(db, /^\d+$/.test(org) ? { id: Number(org) } : { code: org });
      if (!inst) throw new HttpError(404, 'not_found', 'This institution does not offer sign-in through its own system.');
      if (inst.saml_entity_id) return saml.start(inst, returnTo, linkUserId);
      let config: oidc.Configuration;
      try {
        config = await configFor(inst);
      } catch {
        throw new HttpError(503, 'sso_unavailable', `${inst.name}'s sign-in system cannot be reached right now. Please try again later.`);
      }
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await savePendingSignIn(
        db,
        state,
        inst.id,
        { code_verifier: verifier, nonce, return_to: returnTo, link_user_id: linkUserId },
        STATE_TTL_S,
      );
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: ssoCallbackUrl(publicUrl),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    /** Completes the flow from the callback's query string: the provider's account (issuer and
     * subject), its verified e-mail address and name. A SAML sign-in comes back with the handle
     * the assertion service gave it (services/saml.ts). */
    async complete(search: string) {
      const params = new URLSearchParams(search);
      if (params.has('saml') || params.has('saml_error')) return saml.complete(params);
      const state = params.get('state') ?? '';
      const pending = await takePendingSignIn(db, state, STATE_TTL_S);
      if (!pending) throw failed('the sign-in link has expired');
      if (params.get('error')) throw failed(params.get('error_description') ?? params.get('error')!);
      const inst = await ssoInstitution(db, { id: pending.institution_id });
      if (!inst) throw failed('your institution no longer offers it');
      let claims: Record<string, unknown> | undefined;
      try {
        const config = await configFor(inst);
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${ssoCallbackUrl(publicUrl)}?${params}`), {
          pkceCodeVerifier: pending.code_verifier ?? undefined,
          expectedState: state,
          expectedNonce: pending.nonce ?? undefined,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        // Many providers put e-mail and name in the UserInfo answer rather than the ID token.
        claims = idToken.email ? idToken : { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
      } catch {
        throw failed('your institution did not confirm it');
      }
      const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : null;
      if (!email || claims?.email_verified !== true) throw failed('your institution did not share a verified e-mail address');
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!inst.email_domains.map((d) => d.toLowerCase()).includes(domain)) {
        throw failed(
          `${email} is not an address of ${inst.name} (${inst.email_domains.map((d) => `@${d}`).join(', ') || 'it has no e-mail domain'})`,
        );
      }
      if (typeof claims?.iss !== 'string' || typeof claims.sub !== 'string' || !claims.sub)
        throw failed('your institution did not name the account');
      return {
        institutionId: inst.id,
        institutionName: inst.name,
        issuer: claims.iss,
        subject: claims.sub,
        linkUserId: pending.link_user_id,
        email,
        firstName: String(claims?.given_name ?? String(claims?.name ?? '').split(' ')[0] ?? ''),
        lastName: String(
          claims?.family_name ??
            String(claims?.name ?? '')
              .split(' ')
              .slice(1)
              .join(' '),
        ),
        returnTo: pending.return_to,
      };
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
