// A report's chosen metric per month as plain SVG bars (like ReadsChart), with a sentence that
// says what it shows for screen readers.
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';

const WIDTH = 720;
const HEIGHT = 160;

export function UsageChart({ metric, months }: { metric: string; months: { month: string; label: string; n: number }[] }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const most = months.reduce((m, d) => (d.n > m.n ? d : m), months[0] ?? { month: '', label: '', n: 0 });
  const total = months.reduce((n, d) => n + d.n, 0);
  const bar = WIDTH / Math.max(months.length, 1);
  const scale = most.n ? (HEIGHT - 8) / most.n : 0;
  return (
    <figure className="console-chart" data-testid="usage-chart">
      <figcaption className="console-chart__caption">{t('usageChart', { metric })}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="console-chart__svg" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="console-chart__axis" />
        {months.map((d, i) => (
          <rect
            key={d.month}
            x={i * bar + bar * 0.15}
            width={bar * 0.7}
            y={HEIGHT - d.n * scale}
            height={d.n * scale}
            className="console-chart__bar"
          >
            <title>{`${d.label}: ${d.n}`}</title>
          </rect>
        ))}
      </svg>
      <div className="console-chart__ends" aria-hidden="true">
        <span>{months[0]?.label}</span>
        <span>{months.at(-1)?.label}</span>
      </div>
      <p className="console-chart__summary">
        {total ? t('usageSummary', { total, months: months.length, month: most.label, most: most.n }) : t('usageEmpty')}
      </p>
    </figure>
  );
}
