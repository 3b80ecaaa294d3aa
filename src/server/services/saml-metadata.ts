// An institution's SAML identity provider, read from its metadata: the entity ID, the address of
// its sign-in (HTTP-Redirect binding) and the certificates it signs with. The metadata comes pasted
// by an admin or fetched from an address; a fetch takes http(s) only, at most 2 MB within 10 s, no
// redirects, and reaches loopback and private networks only where config.samlPrivateMetadata allows
// (not in production by default: an admin's address must not make the server probe its own network).
import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { HttpError } from '../http-error';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** PEM certificates, each of which may sign the provider's answers (two during a key rollover). */
  certs: string[];
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const METADATA_MAX_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

const refused = (why: string) => new HttpError(400, 'saml_metadata', `This metadata cannot be used: ${why}.`);

const isLoopbackName = (host: string) => ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host);

/** A sign-in address a browser is sent to: https, or plain http on this machine (a provider under test). */
function browserUrl(s: string): string | null {
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackName(url.hostname)) ? url.href : null;
  } catch {
    return null;
  }
}

const children = (el: Element, ns: string, local: string): Element[] =>
  Array.from(el.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === local,
  );

function pemOf(base64: string): string | null {
  const body = base64.replace(/\s+/g, '');
  try {
    new crypto.X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    return null;
  }
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Reads an identity provider's metadata: one EntityDescriptor with an IDPSSODescriptor (alone or
 * as the only identity provider in an EntitiesDescriptor). A federation's whole aggregate is
 * refused: the admin gives their own provider's metadata. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  if (Buffer.byteLength(xml) > METADATA_MAX_BYTES) throw refused('it is larger than 2 MB');
  // No document type: entity declarations are how XML bombs are built, and metadata needs none.
  if (/<!DOCTYPE/i.test(xml)) throw refused('it declares a document type');
  // Control characters (NUL above all) are not XML, and no database column takes NUL.
  // eslint-disable-next-line no-control-regex -- the pattern exists to refuse them
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(xml)) throw refused('it contains control characters');
  let broken: string | null = null;
  const doc = new DOMParser({
    errorHandler: (level: string, msg: unknown) => {
      if (level !== 'warning') broken ??= String(msg);
    },
  }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (broken || !root) throw refused('it is not well-formed XML');
  const entities =
    root.namespaceURI === MD && root.localName === 'EntityDescriptor'
      ? [root]
      : root.namespaceURI === MD && root.localName === 'EntitiesDescriptor'
        ? Array.from(root.getElementsByTagNameNS(MD, 'EntityDescriptor'))
        : [];
  const idps = entities.filter((e) => children(e, MD, 'IDPSSODescriptor').length > 0);
  if (!idps.length) throw refused('it describes no SAML identity provider (no IDPSSODescriptor)');
  if (idps.length > 1)
    throw refused(`it lists ${idps.length} identity providers (a federation's aggregate); give your institution's own provider's metadata`);
  const entity = idps[0];
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId || entityId.length > 1024) throw refused('the identity provider has no entityID');
  const descriptor = children(entity, MD, 'IDPSSODescriptor')[0];
  const sso = children(descriptor, MD, 'SingleSignOnService').find((s) => s.getAttribute('Binding') === REDIRECT);
  const ssoUrl = browserUrl(sso?.getAttribute('Location')?.trim() ?? '');
  if (!ssoUrl) throw refused('it has no https SingleSignOnService with the HTTP-Redirect binding');
  const certs: string[] = [];
  for (const kd of children(descriptor, MD, 'KeyDescriptor')) {
    if (!['', 'signing'].includes(kd.getAttribute('use') ?? '')) continue;
    for (const c of Array.from(kd.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const pem = pemOf(c.textContent ?? '');
      if (pem && !certs.includes(pem)) certs.push(pem);
    }
  }
  if (!certs.length) throw refused('it has no signing certificate (KeyDescriptor with an X509Certificate)');
  return { entityId, ssoUrl, certs };
}

// Where a fetch must not go unless allowed: loopback, private, link-local, shared and unspecified ranges.
const PRIVATE = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** Fetches metadata from `address`. With `allowPrivate` false only public https is reached, and the
 * address is checked as the connection resolves it (a name cannot resolve to a public address for
 * the check and a private one for the fetch). */
export function fetchIdpMetadata(address: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.reject(refused('the address is not a URL'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.reject(refused('the address is not http or https'));
  if (!allowPrivate && url.protocol !== 'https:') return Promise.reject(refused('the address must be https'));
  // An address given as a number is connected to without a lookup: checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && net.isIP(literal) && isPrivateAddress(literal))
    return Promise.reject(refused('the address is on a private or loopback network'));
  const lookup: net.LookupFunction = (host, opts, done) =>
    dns.lookup(host, { ...opts, all: true }, (err, list) => {
      if (err) return done(err, '', 0);
      const ok = list.filter((a) => allowPrivate || !isPrivateAddress(a.address));
      if (!ok.length) return done(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 0);
      if (opts.all) return (done as unknown as (e: null, l: dns.LookupAddress[]) => void)(null, ok);
      done(null, ok[0].address, ok[0].family);
    });
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { lookup, headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(
          refused(`the address answered ${res.statusCode}${res.statusCode && res.statusCode < 400 ? ' (redirects are not followed)' : ''}`),
        );
      }
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > METADATA_MAX_BYTES) {
          req.destroy();
          reject(refused('it is larger than 2 MB'));
        } else parts.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      res.on('error', () => reject(refused('the download broke off')));
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(refused('the address did not answer within 10 seconds'));
    }, FETCH_TIMEOUT_MS);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        refused(
          err.code === 'EPRIVATE'
            ? 'the address is on a private or loopback network'
            : `the address could not be reached (${err.code ?? 'error'})`,
        ),
      ),
    );
  });
}
