import './backstage.css';
import './PlaysChart.css';
import type { Translate } from './shared.tsx';

/**
 * Plays per day as a light SVG bar chart (no chart library on the site). The picture is hidden
 * from screen readers, which get the same numbers as a table below it.
 */
export function PlaysChart({ t, days }: { t: Translate; days: { day: string; count: number }[] }) {
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...days.map((d) => d.count));
  const step = width / Math.max(1, days.length);
  const bar = Math.max(1, step * 0.7);
  return (
    <figure className="backstage-chart" data-testid="plays-chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label={t('Plays per day')} preserveAspectRatio="none">
        <line x1={0} y1={height} x2={width} y2={height} className="axis" />
        {days.map((d, i) => {
          const h = (d.count / max) * (height - 8);
          return (
            <rect key={d.day} x={i * step + (step - bar) / 2} y={height - h} width={bar} height={h} className="bar">
              <title>{`${d.day}: ${d.count}`}</title>
            </rect>
          );
        })}
        {days.length > 0 && (
          <>
            <text x={0} y={height + 16} className="label">
              {days[0].day}
            </text>
            <text x={width} y={height + 16} className="label" textAnchor="end">
              {days[days.length - 1].day}
            </text>
          </>
        )}
      </svg>
      <details>
        <summary>{t('Show as a table')}</summary>
        <table className="backstage-table">
          <thead>
            <tr>
              <th scope="col">{t('Day')}</th>
              <th scope="col">{t('Plays')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
