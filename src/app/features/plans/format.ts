// Prices and dates as the reader's locale writes them.
import type { PlanView } from '../../../shared/schemas/payments';

const locale = (lang: string) => (lang === 'hi' ? 'hi-IN' : 'en-IN');

/** An amount in minor units (paise, cents) of its currency, as money. */
export function formatPrice(minor: number, currency: string, lang: string): string {
  const f = new Intl.NumberFormat(locale(lang), { style: 'currency', currency });
  return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}

export const formatDate = (iso: string, lang: string) => new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long' }).format(new Date(iso));

export const planName = (p: { name?: string; planName?: string; nameHi?: string | null; planNameHi?: string | null }, lang: string) =>
  (lang === 'hi' ? (p.nameHi ?? p.planNameHi) : null) ?? p.name ?? p.planName ?? '';

/** The keys of what a plan opens (opens.all, or its sections). */
export const opensKeys = (opens: PlanView['opens']) =>
  opens.all
    ? (['all'] as const)
    : (opens.sections ?? []).filter((s): s is 'magazines' | 'newspapers' | 'journals' =>
        ['magazines', 'newspapers', 'journals'].includes(s),
      );
