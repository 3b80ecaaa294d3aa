// Issues opened per day over the overview's 90 days.
import type { ConsoleOverview } from '../../../shared/schemas/console';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { BarChart } from './BarChart';

export function ReadsChart({ days }: { days: ConsoleOverview['readsPerDay'] }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const dateOf = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const bars = days.map((d) => ({
    key: d.day,
    label: dateOf(d.day),
    n: d.reads,
    title: t('dayReads', { day: dateOf(d.day), count: d.reads }),
  }));
  return (
    <BarChart
      testId="reads-chart"
      caption={t('readsPerDay', { days: days.length })}
      bars={bars}
      summary={(total, most) =>
        total ? t('chartSummary', { total, days: days.length, day: most.label, most: most.n }) : t('chartEmpty', { days: days.length })
      }
    />
  );
}
