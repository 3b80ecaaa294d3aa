import { describe, expect, it } from 'vitest';
import { HoursError, boundingBox, distanceM, formatHours, isOpenAt, isTimeZone, openUntilEndOfDay, parseHours } from './zones';

describe('zone geometry', () => {
  it('measures distances on the Earth', () => {
    // India Gate to Rashtrapati Bhavan: about 2.9 km.
    const d = distanceM({ lat: 28.6129, lng: 77.2295 }, { lat: 28.6143, lng: 77.1994 });
    expect(d).toBeGreaterThan(2900);
    expect(d).toBeLessThan(3000);
    expect(distanceM({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })).toBe(0);
  });

  it('boxes a circle so that every point of it is inside', () => {
    for (const [lat, lng, r] of [
      [28.6, 77.2, 2000],
      [-33.9, 151.2, 50],
      [64.1, -21.9, 1500],
    ]) {
      const [x1, y1, x2, y2] = boundingBox(lat, lng, r);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // A point r metres away on this bearing, by small steps along the circle's edge.
        const dLat = ((r * Math.cos((bearing * Math.PI) / 180)) / 6_371_008.8) * (180 / Math.PI);
        const dLng = ((r * Math.sin((bearing * Math.PI) / 180)) / (6_371_008.8 * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
        expect(lng + dLng).toBeGreaterThanOrEqual(x1);
        expect(lng + dLng).toBeLessThanOrEqual(x2);
        expect(lat + dLat).toBeGreaterThanOrEqual(y1);
        expect(lat + dLat).toBeLessThanOrEqual(y2);
      }
    }
  });
});

describe('opening hours', () => {
  // Monday 2026-11-23, 09:30 in Kolkata is 04:00 UTC.
  const monday930 = new Date('2026-11-23T04:00:00Z');
  it('is always open without hours', () => expect(isOpenAt(null, 'Asia/Kolkata', monday930)).toBe(true));
  it('reads the hours in the zone time zone', () => {
    expect(isOpenAt({ mon: [['09:00', '17:00']] }, 'Asia/Kolkata', monday930)).toBe(true);
    expect(isOpenAt({ mon: [['10:00', '17:00']] }, 'Asia/Kolkata', monday930)).toBe(false);
    expect(isOpenAt({ mon: [['09:00', '17:00']] }, 'UTC', monday930)).toBe(false);
    expect(isOpenAt({ tue: [['00:00', '24:00']] }, 'Asia/Kolkata', monday930)).toBe(false);
  });
  it('keeps a night period open past midnight', () => {
    const tuesday0130 = new Date('2026-11-23T20:00:00Z'); // Tue 01:30 in Kolkata
    expect(isOpenAt({ mon: [['20:00', '02:00']] }, 'Asia/Kolkata', tuesday0130)).toBe(true);
    expect(isOpenAt({ mon: [['20:00', '01:00']] }, 'Asia/Kolkata', tuesday0130)).toBe(false);
  });
  it('knows time zones', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('opening hours as typed (the console and the operator command)', () => {
  it('reads day ranges, days and several periods, and writes them back the same way', () => {
    const hours = parseHours('Mon-Fri 8:00-20:00, sat 09:00-13:00 14:00-18:00; sun-mon 22:00-02:00');
    expect(hours).toEqual({
      mon: [
        ['08:00', '20:00'],
        ['22:00', '02:00'],
      ],
      tue: [['08:00', '20:00']],
      wed: [['08:00', '20:00']],
      thu: [['08:00', '20:00']],
      fri: [['08:00', '20:00']],
      sat: [
        ['09:00', '13:00'],
        ['14:00', '18:00'],
      ],
      sun: [['22:00', '02:00']],
    });
    const simple = 'mon-fri 08:00-20:00, sat 09:00-13:00';
    expect(formatHours(parseHours(simple))).toBe(simple);
    expect(parseHours(' always ')).toBeNull();
    expect(formatHours(null)).toBe('always open');
    expect(formatHours(parseHours('daily 06:00-22:00'))).toBe('mon-sun 06:00-22:00');
  });

  it('refuses what it cannot read, saying what was expected', () => {
    for (const bad of ['weekdays 08:00-20:00', 'mon', 'mon 8-20', 'xyz-fri 08:00-20:00'])
      expect(() => parseHours(bad), bad).toThrow(HoursError);
    expect(() => parseHours('mon 8-20')).toThrow('expected HH:MM-HH:MM');
  });
});

describe("a printed poster's day (openUntilEndOfDay)", () => {
  // Saturday 28 November 2026 in India (UTC+5:30).
  const ist = (hhmm: string, day = '2026-11-28') => new Date(`${day}T${hhmm}:00+05:30`);
  it('ends with the last period of today, at midnight for a zone always open, or carries on past midnight', () => {
    const hours = parseHours('sat 09:00-13:00 14:00-18:00, sun 10:00-12:00');
    expect(openUntilEndOfDay(hours, 'Asia/Kolkata', ist('10:15'))).toEqual(ist('18:00'));
    // Between two periods, and before the first: still today's last one.
    expect(openUntilEndOfDay(hours, 'Asia/Kolkata', ist('13:30'))).toEqual(ist('18:00'));
    expect(openUntilEndOfDay(hours, 'Asia/Kolkata', ist('07:00'))).toEqual(ist('18:00'));
    // After it, or a day it does not open: none.
    expect(openUntilEndOfDay(hours, 'Asia/Kolkata', ist('18:00'))).toBeNull();
    expect(openUntilEndOfDay(hours, 'Asia/Kolkata', ist('10:00', '2026-11-30'))).toBeNull();
    expect(openUntilEndOfDay(null, 'Asia/Kolkata', ist('21:40'))).toEqual(ist('00:00', '2026-11-29'));
    expect(openUntilEndOfDay(parseHours('sat 20:00-02:00'), 'Asia/Kolkata', ist('21:00'))).toEqual(ist('02:00', '2026-11-29'));
  });
});
