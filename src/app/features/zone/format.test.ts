import { describe, expect, it } from 'vitest';
import { distanceText, endTime, hoursLines, lengthKey } from './format';

describe('zone texts', () => {
  it('groups days with the same hours', () => {
    const weekdays = {
      mon: [['08:00', '20:00']],
      tue: [['08:00', '20:00']],
      wed: [['08:00', '20:00']],
      thu: [['08:00', '20:00']],
      fri: [['08:00', '20:00']],
    };
    expect(hoursLines(weekdays as never, 'en')).toEqual([
      { days: 'Mon–Fri', periods: '08:00–20:00' },
      { days: 'Sat–Sun', periods: null },
    ]);
    expect(
      hoursLines(
        {
          mon: [
            ['09:00', '13:00'],
            ['14:00', '18:00'],
          ],
          wed: [['09:00', '13:00']],
        },
        'en',
      ),
    ).toEqual([
      { days: 'Mon', periods: '09:00–13:00, 14:00–18:00' },
      { days: 'Tue', periods: null },
      { days: 'Wed', periods: '09:00–13:00' },
      { days: 'Thu–Sun', periods: null },
    ]);
  });

  it('says lengths, distances and end times', () => {
    expect(lengthKey(120)).toEqual({ key: 'length.hours', count: 2 });
    expect(lengthKey(90)).toEqual({ key: 'length.minutes', count: 90 });
    expect(distanceText(1234, 'en')).toBe('1.2 km');
    expect(distanceText(254, 'en')).toBe('250 m');
    expect(distanceText(3, 'en')).toBe('10 m');
    const now = new Date('2026-11-23T10:00:00');
    expect(endTime(new Date('2026-11-23T18:30:00').toISOString(), 'en', now)).toEqual({ time: '6:30 pm', day: null });
    expect(endTime(new Date('2026-11-24T01:00:00').toISOString(), 'en', now).day).toBe('Tuesday');
    // Hindi: the Hindi day period (not the Latin "am"/"pm") and the digits the Hindi interface uses.
    expect(endTime(new Date('2026-11-23T18:30:00').toISOString(), 'hi', now)).toEqual({ time: 'शाम 6:30', day: null });
    expect(endTime(new Date('2026-11-23T03:49:00').toISOString(), 'hi', now).time).toBe('रात 3:49');
    expect(endTime(new Date('2026-11-23T14:05:00').toISOString(), 'hi', now).time).toBe('दोपहर 2:05');
  });
});
