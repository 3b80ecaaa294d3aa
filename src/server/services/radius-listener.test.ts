// The listener's own packet checks, beside the codec's: its Request Authenticator check compares
// the two digests as UTF-8 text, under which different bytes can be equal, so a forged packet can
// pass it; the listener compares bytes.
import { describe, expect, it } from 'vitest';
import radius from 'radius';
import { authenticatorValid, candidates, wellFormed } from './radius-listener';

const SECRET = 'unit-test-secret-0123456789';
const packet = (id: number, session: string) =>
  radius.encode({
    code: 'Accounting-Request',
    secret: SECRET,
    identifier: id,
    attributes: [
      ['User-Name', 'someone@campus.ac.in'],
      ['Acct-Status-Type', 'Start'],
      ['NAS-Identifier', 'hall-ap'],
      ['Acct-Session-Id', session],
    ],
  });

describe('the Request Authenticator', () => {
  it('is refused when one byte differs, even where the codec, comparing UTF-8 text, accepts it', () => {
    let forged: Buffer | null = null;
    for (let n = 0; n < 5000 && !forged; n++) {
      const good = packet(n % 256, `s-${n}`);
      const auth = good.subarray(4, 20);
      for (let i = 0; i < 16 && !forged; i++) {
        if (auth[i] < 0x80 || auth[i] > 0xbf) continue;
        const other = Buffer.from(good);
        other[4 + i] = auth[i] ^ 0x01;
        if (other.subarray(4, 20).toString() === auth.toString()) forged = other;
      }
    }
    expect(forged).not.toBeNull();
    expect(() => radius.decode({ packet: Buffer.from(forged!), secret: SECRET })).not.toThrow();
    expect(authenticatorValid(forged!, SECRET)).toBe(false);
  });

  it('is accepted with the right secret only', () => {
    const good = packet(1, 'x');
    expect(authenticatorValid(good, SECRET)).toBe(true);
    expect(authenticatorValid(good, `${SECRET}!`)).toBe(false);
  });
});

describe('a well-formed packet', () => {
  it('has a header, a stated length within what came, and attributes that fill it exactly', () => {
    const good = packet(2, 'y');
    expect(wellFormed(good)).toBe(true);
    expect(wellFormed(Buffer.concat([good, Buffer.from([0, 0, 0])]))).toBe(true); // trailing octets are ignored (RFC 2865)
    expect(wellFormed(good.subarray(0, 19))).toBe(false);
    const long = Buffer.from(good);
    long.writeUInt16BE(good.length + 1, 2);
    expect(wellFormed(long)).toBe(false);
    const zero = Buffer.from(good);
    zero[21] = 0;
    expect(wellFormed(zero)).toBe(false);
    expect(wellFormed(Buffer.alloc(5000, 4))).toBe(false);
  });
});

describe('matching a packet to RADIUS clients', () => {
  const clients = [
    { id: 1, zoneId: 1, matchBy: 'nas_identifier' as const, matchValue: 'hall-ap', secret: SECRET },
    { id: 2, zoneId: 2, matchBy: 'called_station' as const, matchValue: 'library-wifi', secret: SECRET },
    { id: 3, zoneId: 3, matchBy: 'nas_ip' as const, matchValue: '192.0.2.7', secret: SECRET },
  ];
  it('by NAS-Identifier (any case), by the SSID after the last colon or the whole Called-Station-Id, by NAS-IP-Address only from it', () => {
    expect(candidates(clients, { 'NAS-Identifier': 'HALL-AP' }, '198.51.100.1').map((c) => c.id)).toEqual([1]);
    expect(candidates(clients, { 'Called-Station-Id': 'AA-BB-CC-DD-EE-FF:Library-WiFi' }, '198.51.100.1').map((c) => c.id)).toEqual([2]);
    expect(candidates(clients, { 'Called-Station-Id': 'library-wifi' }, '198.51.100.1').map((c) => c.id)).toEqual([2]);
    expect(candidates(clients, { 'NAS-IP-Address': '192.0.2.7' }, '192.0.2.7').map((c) => c.id)).toEqual([3]);
    expect(candidates(clients, { 'NAS-IP-Address': '192.0.2.7' }, '::ffff:192.0.2.7').map((c) => c.id)).toEqual([3]);
    expect(candidates(clients, { 'NAS-IP-Address': '192.0.2.7' }, '198.51.100.1')).toEqual([]);
    expect(candidates(clients, { 'NAS-Identifier': 'elsewhere' }, '192.0.2.7')).toEqual([]);
  });
});
