import { describe, expect, it } from 'vitest';
import { POSITION_ACCURACY_MAX_M, ZONE_REPORT_EVERY_MS } from '../../../shared/zones';
import { reported, shouldReport } from './report';

const at = 1_000_000;
const here = { lat: 18.9317, lng: 72.8362, accuracy: 20, at };

describe('position reports', () => {
  it('sends the first usable fix', () => {
    expect(shouldReport(null, here, at)).toBe(true);
    expect(shouldReport(null, { ...here, accuracy: POSITION_ACCURACY_MAX_M + 1 }, at)).toBe(false);
  });

  it('sends again only after a real move or a while', () => {
    const last = { lat: here.lat, lng: here.lng, at };
    // about 11 m and 55 m north: jitter, not a move
    expect(shouldReport(last, { ...here, lat: here.lat + 0.0001 }, at + 1000)).toBe(false);
    expect(shouldReport(last, { ...here, lat: here.lat + 0.0005 }, at + 1000)).toBe(false);
    // about 110 m: a move
    expect(shouldReport(last, { ...here, lat: here.lat + 0.001 }, at + 1000)).toBe(true);
    // standing still: once every few minutes
    expect(shouldReport(last, here, at + ZONE_REPORT_EVERY_MS - 1)).toBe(false);
    expect(shouldReport(last, here, at + ZONE_REPORT_EVERY_MS)).toBe(true);
  });
});

describe('what a report carries', () => {
  it("the fix's age on this device, so the server can refuse an old one whatever the clocks say", () => {
    expect(reported(here, at + 42_000)).toEqual({ lat: here.lat, lng: here.lng, accuracy: 20, ageMs: 42_000 });
    // A fix stamped a little ahead of the clock is new, not negative.
    expect(reported(here, at - 5).ageMs).toBe(0);
  });
});
