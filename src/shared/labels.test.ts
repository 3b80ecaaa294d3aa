import { describe, expect, it } from 'vitest';
import { lastAccessDay, newsAgeLabel, readTimeLabel, showsStoryCover } from './labels';

describe('readTimeLabel', () => {
  it('converts seconds to minutes with a minimum of 1', () => {
    expect(readTimeLabel(0)).toEqual({ key: 'readTime.one', count: 1 });
    expect(readTimeLabel(20)).toEqual({ key: 'readTime.one', count: 1 });
    expect(readTimeLabel(120)).toEqual({ key: 'readTime.many', count: 2 });
    expect(readTimeLabel(600)).toEqual({ key: 'readTime.many', count: 10 });
  });
  it("caps at '10+ mins'", () => {
    expect(readTimeLabel(601 + 60)).toEqual({ key: 'readTime.max', count: 10 });
    expect(readTimeLabel(3600)).toEqual({ key: 'readTime.max', count: 10 });
  });
});

describe('newsAgeLabel', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('uses minutes below 60 minutes', () => {
    expect(newsAgeLabel(ago(5 * 60_000), now)).toEqual({ key: 'ago.minutes', count: 5 });
    expect(newsAgeLabel(ago(59 * 60_000), now)).toEqual({ key: 'ago.minutes', count: 59 });
  });
  it('uses hours from 60 minutes to below 24 hours', () => {
    expect(newsAgeLabel(ago(60 * 60_000), now)).toEqual({ key: 'ago.hours', count: 1 });
    expect(newsAgeLabel(ago(23 * 3_600_000 + 59 * 60_000), now)).toEqual({ key: 'ago.hours', count: 23 });
  });
  it('uses days from 24 hours', () => {
    expect(newsAgeLabel(ago(24 * 3_600_000), now)).toEqual({ key: 'ago.days', count: 1 });
    expect(newsAgeLabel(ago(80 * 3_600_000), now)).toEqual({ key: 'ago.days', count: 3 });
  });
});

describe('showsStoryCover', () => {
  it('shows only .jpg covers', () => {
    expect(showsStoryCover('/media/a.jpg')).toBe(true);
    expect(showsStoryCover('/media/a.webp')).toBe(false);
    expect(showsStoryCover(null)).toBe(false);
  });
});

describe('lastAccessDay', () => {
  it('names the day before for an end at midnight UTC (an extension), and its own day for 23:59:59 (a subscription)', () => {
    expect(lastAccessDay(Date.parse('2026-12-16T00:00:00Z'))).toBe('2026-12-15');
    expect(lastAccessDay(Date.parse('2026-12-15T23:59:59Z'))).toBe('2026-12-15');
    // My Account gets the end in whole seconds (enddate): the same day.
    expect(lastAccessDay(Math.floor(Date.parse('2026-12-16T00:00:00Z') / 1000) * 1000)).toBe('2026-12-15');
  });
});
