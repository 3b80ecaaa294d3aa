// Issues opened per day as plain SVG bars (no chart library), with a sentence that says what the
// chart shows for screen readers and a title on each bar for a pointer.
import type { ConsoleOverview } from '../../../shared/schemas/console';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';

const WIDTH = 720;
const HEIGHT = 160;

export function ReadsChart({ days }: { days: ConsoleOverview['readsPerDay'] }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const most = days.reduce((m, d) => (d.reads > m.reads ? d : m), days[0] ?? { day: '', reads: 0 });
  const total = days.reduce((n, d) => n + d.reads, 0);
  const dateOf = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const bar = WIDTH / Math.max(days.length, 1);
  const scale = most.reads ? (HEIGHT - 8) / most.reads : 0;
  return (
    <figure className="console-chart" data-testid="reads-chart">
      <figcaption className="console-chart__caption">{t('readsPerDay', { days: days.length })}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="console-chart__svg" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="console-chart__axis" />
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={i * bar + bar * 0.15}
            width={bar * 0.7}
            y={HEIGHT - d.reads * scale}
            height={d.reads * scale}
            className="console-chart__bar"
          >
            <title>{t('dayReads', { day: dateOf(d.day), count: d.reads })}</title>
          </rect>
        ))}
      </svg>
      <div className="console-chart__ends" aria-hidden="true">
        <span>{days[0] && dateOf(days[0].day)}</span>
        <span>{days.at(-1) && dateOf(days.at(-1)!.day)}</span>
      </div>
      <p className="console-chart__summary" data-testid="reads-chart-summary">
        {total
          ? t('chartSummary', { total, days: days.length, day: dateOf(most.day), most: most.reads })
          : t('chartEmpty', { days: days.length })}
      </p>
    </figure>
  );
}
