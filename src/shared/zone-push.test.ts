import { describe, expect, it } from 'vitest';
import { ArrivalMessage } from './schemas/zones';
import { fallbackNotice, notificationTarget, parseArrival } from './zone-push';

const arrival = {
  type: 'zone-arrival',
  title: "You're in City Library",
  body: 'Free reading until 6:30 pm.',
  url: '/reading-zone',
  zoneId: 3,
  endsAt: '2026-11-23T13:00:00.000Z',
  lang: 'en',
};

describe('zone push in the service worker', () => {
  it('reads what the server sends, as the shared schema does', () => {
    expect(parseArrival(JSON.stringify(arrival))).toEqual(arrival);
    expect(ArrivalMessage.parse(parseArrival(JSON.stringify({ ...arrival, lang: 'hi', url: '/hi/reading-zone' })))).toBeTruthy();
  });

  it('refuses anything else', () => {
    for (const bad of [
      null,
      '',
      'hello',
      '[]',
      'null',
      JSON.stringify({ ...arrival, type: 'other' }),
      JSON.stringify({ ...arrival, title: '' }),
      JSON.stringify({ ...arrival, zoneId: '3' }),
      JSON.stringify({ ...arrival, lang: 'fr' }),
      JSON.stringify({ ...arrival, url: undefined }),
    ]) {
      expect(parseArrival(bad)).toBeNull();
    }
  });

  it('shows something in the reader’s language for a push it cannot read', () => {
    expect(fallbackNotice('hi-IN')).toMatchObject({ lang: 'hi', url: '/hi/reading-zone' });
    expect(fallbackNotice('en-GB')).toMatchObject({ lang: 'en', url: '/reading-zone' });
  });

  it('sends a click only to a page of this app', () => {
    const origin = 'https://lectern.example';
    expect(notificationTarget('/hi/reading-zone', origin)).toBe('https://lectern.example/hi/reading-zone');
    expect(notificationTarget('/reading-zone?x=1', origin)).toBe('https://lectern.example/reading-zone?x=1');
    for (const other of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 42, undefined])
      expect(notificationTarget(other, origin)).toBe('https://lectern.example/reading-zone');
  });
});
