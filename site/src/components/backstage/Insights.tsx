import './backstage.css';
import './Insights.css';
import { useEffect, useState } from 'react';
import { defaultRange, fillDays } from '../../lib/backstage.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { PlaysChart } from './PlaysChart.tsx';
import type { Translate } from './shared.tsx';

type Kind = 'tracks' | 'albums' | 'artists';
interface Report {
  total: number;
  listeners: number;
  days: { day: string; count: number }[];
  tracks: { id: number; name: string; count: number }[];
  countries: { label: string; count: number }[];
  devices: { label: string; count: number }[];
}

function TopList({ t, title, rows }: { t: Translate; title: string; rows: { label: string; count: number }[] }) {
  return (
    <section className="backstage-top">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('Nothing yet')}</p>
      ) : (
        <table className="backstage-table">
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label || t('Unknown')}</th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Plays of one track, album or artist over a date range: the back office's report, for the artist. */
export default function Insights({ lines, kind, id }: { lines: Lines; kind: Kind; id: number }) {
  const t = translator(lines);
  const [range, setRange] = useState(defaultRange);
  const [report, setReport] = useState<Report | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the subject or the dates change; t is rebuilt each render from the same lines
  useEffect(() => {
    if (!range.from || !range.to || range.from > range.to) return;
    const query = { param: { id: String(id) }, query: range };
    const call = kind === 'tracks' ? islandApi.backstage.tracks[':id'].insights.$get(query) : kind === 'albums' ? islandApi.backstage.albums[':id'].insights.$get(query) : islandApi.backstage.artists[':id'].insights.$get(query);
    ok(call)
      .then(setReport)
      .catch((error) => toastFailure(error, t('There was an issue. Please try again.')));
  }, [kind, id, range.from, range.to]);

  return (
    <div className="backstage-insights" data-testid="insights">
      <div className="backstage-row">
        <div className="field">
          <label htmlFor="insights-from">{t('From')}</label>
          <input id="insights-from" type="date" value={range.from} max={range.to} onChange={(e) => setRange({ ...range, from: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor="insights-to">{t('To')}</label>
          <input id="insights-to" type="date" value={range.to} min={range.from} onChange={(e) => setRange({ ...range, to: e.currentTarget.value })} />
        </div>
      </div>
      {!report ? (
        <p className="muted" aria-live="polite">
          {t('Loading…')}
        </p>
      ) : (
        <>
          <dl className="backstage-totals">
            <div>
              <dt>{t('Plays')}</dt>
              <dd data-testid="insights-plays">{report.total}</dd>
            </div>
            <div>
              <dt>{t('Listeners')}</dt>
              <dd data-testid="insights-listeners">{report.listeners}</dd>
            </div>
          </dl>
          <PlaysChart t={t} days={fillDays(range.from, range.to, report.days)} />
          <div className="backstage-tops">
            {kind !== 'tracks' && <TopList t={t} title={t('Top tracks')} rows={report.tracks.map((track) => ({ label: track.name, count: track.count }))} />}
            <TopList t={t} title={t('Countries')} rows={report.countries} />
            <TopList t={t} title={t('Devices')} rows={report.devices} />
          </div>
        </>
      )}
    </div>
  );
}
