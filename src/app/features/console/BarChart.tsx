// A row of plain SVG bars (no chart library): a caption, a title on each bar for a pointer, the
// first and last labels under it, and a sentence that says what it shows for screen readers.
const WIDTH = 720;
const HEIGHT = 160;

export interface Bar {
  key: string;
  /** Under the chart's ends, and what `summary` names. */
  label: string;
  n: number;
  /** Shown on pointing at the bar. */
  title: string;
}

export function BarChart(props: {
  testId: string;
  caption: string;
  bars: Bar[];
  /** The sentence under the chart, from the total and the biggest bar. */
  summary: (total: number, most: Bar) => string;
}) {
  const { bars } = props;
  const most = bars.reduce((m, b) => (b.n > m.n ? b : m), bars[0] ?? { key: '', label: '', n: 0, title: '' });
  const total = bars.reduce((n, b) => n + b.n, 0);
  const width = WIDTH / Math.max(bars.length, 1);
  const scale = most.n ? (HEIGHT - 8) / most.n : 0;
  return (
    <figure className="console-chart" data-testid={props.testId}>
      <figcaption className="console-chart__caption">{props.caption}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="console-chart__svg" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="console-chart__axis" />
        {bars.map((b, i) => (
          <rect
            key={b.key}
            x={i * width + width * 0.15}
            width={width * 0.7}
            y={HEIGHT - b.n * scale}
            height={b.n * scale}
            className="console-chart__bar"
          >
            <title>{b.title}</title>
          </rect>
        ))}
      </svg>
      <div className="console-chart__ends" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
      <p className="console-chart__summary" data-testid={`${props.testId}-summary`}>
        {props.summary(total, most)}
      </p>
    </figure>
  );
}
