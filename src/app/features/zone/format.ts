// How the zone screen and the banner say times, lengths, distances and opening hours.
import { WEEKDAYS, clockTime, type ZoneHours } from '../../../shared/zones';

const intlLocale = (lang: string) => (lang === 'hi' ? 'hi-IN' : 'en-IN');

/** A pass's end in the device's time: "6:30 pm" ("शाम 6:30"), and the weekday when it is not today. */
export function endTime(endsAt: string, lang: string, now = new Date()): { time: string; day: string | null } {
  const end = new Date(endsAt);
  const time = clockTime(end, lang);
  const day = end.toDateString() === now.toDateString() ? null : end.toLocaleDateString(intlLocale(lang), { weekday: 'long' });
  return { time, day };
}

/** "2 hours" or "90 minutes", through the namespace's plural keys. */
export function lengthKey(minutes: number): { key: 'length.hours' | 'length.minutes'; count: number } {
  return minutes % 60 === 0 ? { key: 'length.hours', count: minutes / 60 } : { key: 'length.minutes', count: minutes };
}

export function distanceText(metres: number, lang: string): string {
  const km = metres >= 1000;
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'unit',
    unit: km ? 'kilometer' : 'meter',
    maximumFractionDigits: km && metres < 10_000 ? 1 : 0,
  }).format(km ? metres / 1000 : Math.max(10, Math.round(metres / 10) * 10));
}

const dayName = (i: number, lang: string) =>
  new Date(Date.UTC(2024, 0, 1 + i)).toLocaleDateString(intlLocale(lang), { weekday: 'short', timeZone: 'UTC' }); // 1 Jan 2024 was a Monday

/** Opening hours as lines of days with the same periods: "Mon–Fri 08:00–20:00", "Sat–Sun" closed. */
export function hoursLines(hours: NonNullable<ZoneHours>, lang: string): { days: string; periods: string | null }[] {
  const lines: { from: number; to: number; periods: string | null }[] = [];
  WEEKDAYS.forEach((d, i) => {
    const periods = hours[d]?.length ? hours[d]!.map(([a, b]) => `${a}–${b}`).join(', ') : null;
    const last = lines[lines.length - 1];
    if (last && last.periods === periods && last.to === i - 1) last.to = i;
    else lines.push({ from: i, to: i, periods });
  });
  return lines.map((l) => ({
    days: l.from === l.to ? dayName(l.from, lang) : `${dayName(l.from, lang)}–${dayName(l.to, lang)}`,
    periods: l.periods,
  }));
}
