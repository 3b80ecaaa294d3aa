import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { selfSignedCertificate } from './self-signed';

const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

test('every certificate it makes is readable DER, self-signed, for the key, valid for 20 years', () => {
  // The serial is random: a badly encoded one turned up about once in 250 certificates, so many are made.
  for (let i = 0; i < 1500; i++) {
    const x509 = new crypto.X509Certificate(selfSignedCertificate(pem, 'sp.example.edu'));
    expect(x509.verify(publicKey)).toBe(true);
    if (i === 0) {
      expect(x509.subject).toBe('CN=sp.example.edu');
      const years = (Date.parse(x509.validTo) - Date.parse(x509.validFrom)) / (365.25 * 24 * 3600 * 1000);
      expect(Math.round(years)).toBe(20);
    }
  }
});
