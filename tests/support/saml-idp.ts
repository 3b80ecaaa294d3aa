// A real SAML 2.0 identity provider (samlify) on loopback for the SAML tests. It serves its
// metadata, takes our signed AuthnRequest by the HTTP-Redirect binding (checking the signature
// against our service provider metadata), shows a sign-in form, and answers by an auto-submitting
// HTTP-POST form to our assertion service, as Shibboleth or OpenAthens would. Any login is accepted:
// `<name>@<domain>` is released as eduPersonPrincipalName and mail, with the scoped affiliation
// member@<domain> (`alum.…` logins: alum@<domain>; `nomail.…`: no mail). `next` bends the next
// answer for a test (expired, another audience or destination, signatures, a changed attribute).
import crypto from 'node:crypto';
import http from 'node:http';
import * as samlify from 'samlify';
import { DOMParser } from '@xmldom/xmldom';
import { generate } from 'selfsigned';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

// samlify checks every message against a schema validator the caller brings: here, well-formed XML.
samlify.setSchemaValidator({
  validate: async (xml: string) => {
    let broken = false;
    new DOMParser({ errorHandler: (level: string) => void (level !== 'warning' && (broken = true)) }).parseFromString(xml, 'text/xml');
    if (broken) throw new Error('ERR_INVALID_XML');
    return 'valid';
  },
});

export interface NextAnswer {
  /** Which part is signed ('assertion' by default, as our metadata asks). */
  sign?: 'assertion' | 'response' | 'none';
  /** Conditions that ended this many seconds ago. */
  expiredSecondsAgo?: number;
  audience?: string;
  destination?: string;
  /** Changes the answer's XML after it was signed (a tampered attribute). */
  tamper?: (xml: string) => string;
  /** Attributes instead of those the login gives. */
  attributes?: Record<string, string[]>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const OID = {
  eppn: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  affiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.9',
  givenName: 'urn:oid:2.5.4.42',
  sn: 'urn:oid:2.5.4.4',
};

function attributesOf(login: string): Record<string, string[]> {
  const domain = login.slice(login.lastIndexOf('@') + 1);
  return {
    [OID.eppn]: [login],
    ...(login.startsWith('nomail.') ? {} : { [OID.mail]: [login] }),
    [OID.affiliation]: [`${login.startsWith('alum.') ? 'alum' : 'member'}@${domain}`],
    [OID.givenName]: ['Sam'],
    [OID.sn]: ['Okafor'],
  };
}

export async function startSamlIdp(opts: { port?: number } = {}) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const { private: privateKey, cert } = await generate([{ name: 'commonName', value: 'idp.test' }], { keySize: 2048, algorithm: 'sha256' });
  const entityId = `${url}/idp`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey,
    signingCert: cert,
    wantAuthnRequestsSigned: true,
    singleSignOnService: [{ Binding: REDIRECT, Location: `${url}/sso` }],
  });
  const sps = new Map<string, { acs: string; assertion: samlify.ServiceProviderInstance; response: samlify.ServiceProviderInstance }>();
  const pending = new Map<string, { sp: string; requestId: string; relayState: string }>();
  const state = { next: {} as NextAnswer, requests: [] as { signed: boolean; id: string }[] };

  /** The samlify view of a service provider from its metadata; the response-signed variant does
   * not ask for signed assertions, so samlify signs the whole message instead. */
  function addServiceProvider(metadata: string) {
    const assertion = samlify.ServiceProvider({ metadata });
    const response = samlify.ServiceProvider({
      metadata: metadata.replace(/ WantAssertionsSigned="true"/, ''),
      wantMessageSigned: true,
    });
    const acs = /<AssertionConsumerService[^>]*Location="([^"]+)"/.exec(metadata)![1];
    sps.set(assertion.entityMeta.getEntityID(), { acs, assertion, response });
  }

  async function answer(key: string, login: string): Promise<string> {
    const p = pending.get(key);
    if (!p) throw new Error('unknown sign-in');
    pending.delete(key);
    const next = state.next;
    state.next = {};
    const sp = sps.get(p.sp)!;
    const acs = sp.acs;
    const now = Date.now();
    const end = next.expiredSecondsAgo !== undefined ? now - next.expiredSecondsAgo * 1000 : now + 300_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const attrs = next.attributes ?? attributesOf(login);
    const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${crypto.randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(next.destination ?? acs)}" InResponseTo="${p.requestId}"><saml:Issuer>${entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a${crypto.randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${entityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${crypto.createHash('sha256').update(login).digest('hex')}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(end)}" Recipient="${esc(acs)}" InResponseTo="${p.requestId}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 5000)}" NotOnOrAfter="${iso(end)}"><saml:AudienceRestriction><saml:Audience>${esc(next.audience ?? p.sp)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${Object.entries(
      attrs,
    )
      .map(
        ([name, values]) =>
          `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">${values.map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
      )
      .join('')}</saml:AttributeStatement></saml:Assertion></samlp:Response>`;
    let signed = xml;
    if ((next.sign ?? 'assertion') !== 'none') {
      const target = next.sign === 'response' ? sp.response : sp.assertion;
      const made = (await idp.createLoginResponse(
        target,
        { extract: { request: { id: p.requestId } } },
        'post',
        { email: login },
        {
          customTagReplacement: () => ({ id: p.requestId, context: xml }),
        },
      )) as { context: string };
      signed = Buffer.from(made.context, 'base64').toString('utf8');
    }
    if (next.tamper) signed = next.tamper(signed);
    const response = Buffer.from(signed).toString('base64');
    return `<!doctype html><title>Signing in</title><form method="post" action="${esc(acs)}"><input type="hidden" name="SAMLResponse" value="${response}"><input type="hidden" name="RelayState" value="${esc(p.relayState)}"><button>Continue</button></form><script>document.forms[0].submit()</script>`;
  }

  server.on('request', (req, res) => {
    const here = new URL(req.url ?? '/', url);
    const send = (status: number, body: string, type = 'text/html') => res.writeHead(status, { 'content-type': type }).end(body);
    void (async () => {
      if (req.method === 'GET' && here.pathname === '/metadata') return send(200, idp.getMetadata(), 'application/samlmetadata+xml');
      if (req.method === 'GET' && here.pathname === '/sso') {
        const q = Object.fromEntries(here.searchParams);
        // The signed octets are the query's own encoding, in its order, without the Signature.
        const octetString = (req.url ?? '')
          .split('?')[1]
          .split('&')
          .filter((p) => !p.startsWith('Signature='))
          .join('&');
        const sp = [...sps.values()][0]?.assertion;
        const parsed = await idp.parseLoginRequest(sp, 'redirect', { query: q, octetString });
        const requestId = parsed.extract.request?.id as string;
        state.requests.push({ signed: Boolean(q.Signature), id: requestId });
        const key = crypto.randomBytes(12).toString('hex');
        pending.set(key, { sp: parsed.extract.issuer as string, requestId, relayState: q.RelayState ?? '' });
        return send(
          200,
          `<!doctype html><title>Test IdP</title><form method="post" action="/sso/login"><input type="hidden" name="key" value="${key}"><label>Login <input name="login" autocomplete="off"></label><button>Sign in</button></form>`,
        );
      }
      if (req.method === 'POST' && here.pathname === '/sso/login') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const form = new URLSearchParams(body);
        return send(200, await answer(form.get('key') ?? '', form.get('login') ?? ''));
      }
      send(404, 'not found', 'text/plain');
    })().catch((err: Error) => send(400, `refused: ${err.message}`, 'text/plain'));
  });

  return {
    url,
    entityId,
    metadataUrl: `${url}/metadata`,
    metadata: () => idp.getMetadata(),
    addServiceProvider,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SamlIdp = Awaited<ReturnType<typeof startSamlIdp>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const idp = await startSamlIdp({ port: Number(process.env.SAML_IDP_PORT ?? 4175) });
  console.log(`Test SAML identity provider at ${idp.url} (metadata ${idp.metadataUrl})`);
}
