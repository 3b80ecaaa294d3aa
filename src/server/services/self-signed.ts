// A self-signed X.509 certificate for a key pair the server made itself (the SAML service
// provider's signing and encryption key). SAML metadata carries keys as certificates; identity
// providers trust the key because it is in the metadata they were given, not because of who signed
// it, so a self-signed certificate with a long life is what federations expect.
import crypto from 'node:crypto';

const der = (tag: number, body: Buffer): Buffer => {
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
};
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};
const time = (d: Date): Buffer => {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  // UTCTime until 2049, GeneralizedTime after (RFC 5280).
  return d.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(iso.slice(2))) : der(0x18, Buffer.from(iso));
};
const name = (cn: string) => seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from(cn)))));

/** A PEM certificate for the RSA key pair, naming `commonName`, valid for `years` from now. */
export function selfSignedCertificate(privateKeyPem: string, commonName: string, years = 20): string {
  const key = crypto.createPrivateKey(privateKeyPem);
  const spki = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
  const sha256WithRsa = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  // A DER INTEGER is positive and minimal: a first byte of 0x01–0x7f (a leading zero byte before a
  // byte under 0x80 makes the whole certificate unreadable, one time in about 250).
  const serial = crypto.randomBytes(16);
  serial[0] = 0x40 | (serial[0] & 0x3f);
  const now = new Date();
  const until = new Date(now);
  until.setUTCFullYear(now.getUTCFullYear() + years);
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    sha256WithRsa,
    name(commonName),
    seq(time(now), time(until)),
    name(commonName),
    spki,
  );
  const signature = crypto.sign('sha256', tbs, key);
  const cert = seq(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return `-----BEGIN CERTIFICATE-----\n${cert
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
}
