// A report's chosen metric per month.
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { BarChart } from './BarChart';

export function UsageChart({ metric, months }: { metric: string; months: { month: string; label: string; n: number }[] }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const bars = months.map((m) => ({ key: m.month, label: m.label, n: m.n, title: `${m.label}: ${m.n}` }));
  return (
    <BarChart
      testId="usage-chart"
      caption={t('usageChart', { metric })}
      bars={bars}
      summary={(total, most) =>
        total ? t('usageSummary', { total, months: months.length, month: most.label, most: most.n }) : t('usageEmpty')
      }
    />
  );
}
