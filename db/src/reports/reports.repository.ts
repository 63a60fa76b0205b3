import type SqliteDatabase from 'better-sqlite3';
import { sql, type Insertable } from 'kysely';
import { removeExpiredPages } from '../caching/page-cache.repository.ts';
import { directSqlite, type Db } from '../connection.ts';
import type { PageViewsTable, ScheduleRunRow } from '../tables/reports.table.ts';

type PageViewInsert = Omit<Insertable<PageViewsTable>, 'id'>;

/** Writes a batch of views at once. */
export async function insertPageViews(db: Db, views: PageViewInsert[]): Promise<void> {
  if (!views.length) return;
  // A batch comes every second on a busy site: on SQLite, a statement prepared once, run per row in
  // one transaction, instead of building a query with a parameter per value.
  const sqlite = directSqlite(db);
  if (sqlite) return void pageViewInserts(sqlite)(views);
  await db.insertInto('page_views').values(views).execute();
}

function pageViewInserts(sqlite: SqliteDatabase.Database) {
  let insert = pageViewInsertsOf.get(sqlite);
  if (!insert) {
    const columns = 'path, user_id, visitor, device, platform, browser, country';
    const now = sqlite.prepare(`insert into page_views (${columns}) values (?, ?, ?, ?, ?, ?, ?)`);
    const dated = sqlite.prepare(`insert into page_views (${columns}, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)`);
    insert = sqlite.transaction((views: PageViewInsert[]) => {
      for (const view of views) {
        const values = [view.path, view.user_id ?? null, view.visitor, view.device ?? null, view.platform ?? null, view.browser ?? null, view.country ?? null];
        if (view.created_at === undefined) now.run(values);
        else dated.run(...values, view.created_at);
      }
    });
    pageViewInsertsOf.set(sqlite, insert);
  }
  return insert;
}
const pageViewInsertsOf = new WeakMap<SqliteDatabase.Database, (views: PageViewInsert[]) => void>();

export interface ReportRange {
  /** First day, YYYY-MM-DD, included. */
  from: string;
  /** Last day, YYYY-MM-DD, included. */
  to: string;
}

/** Plays of one track, of an album's tracks or of an artist's tracks; the whole catalogue when empty. */
export interface PlaysScope {
  trackId?: number;
  albumId?: number;
  artistId?: number;
}

export interface CountRow {
  label: string;
  count: number;
}

export interface PlaysReport {
  total: number;
  listeners: number;
  days: { day: string; count: number }[];
  tracks: { id: number; name: string; count: number }[];
  artists: { id: number; name: string; count: number }[];
  countries: CountRow[];
  devices: CountRow[];
  platforms: CountRow[];
  browsers: CountRow[];
}

export interface VisitorsReport {
  views: number;
  visitors: number;
  days: { day: string; views: number; visitors: number }[];
  pages: CountRow[];
  countries: CountRow[];
  devices: CountRow[];
  platforms: CountRow[];
  browsers: CountRow[];
}

/** Timestamps are ISO strings, so a day range is a string range over the created_at index. */
function bounds(range: ReportRange): [string, string] {
  const end = new Date(`${range.to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return [`${range.from}T00:00:00.000Z`, end.toISOString()];
}

const TOP = 10;

export async function playsReport(db: Db, range: ReportRange, scope: PlaysScope = {}): Promise<PlaysReport> {
  const [start, end] = bounds(range);
  const plays = () => {
    let query = db.selectFrom('plays').where('plays.created_at', '>=', start).where('plays.created_at', '<', end);
    if (scope.trackId !== undefined) query = query.where('plays.track_id', '=', scope.trackId);
    if (scope.albumId !== undefined) query = query.where('plays.track_id', 'in', db.selectFrom('tracks').select('id').where('album_id', '=', scope.albumId));
    if (scope.artistId !== undefined) query = query.where('plays.track_id', 'in', db.selectFrom('track_artist').select('track_id').where('artist_id', '=', scope.artistId));
    return query;
  };
  const grouped = async (column: 'country' | 'device' | 'platform' | 'browser'): Promise<CountRow[]> => {
    const rows = await plays()
      .select([sql<string>`coalesce(plays.${sql.ref(column)}, '')`.as('label'), sql<number>`count(*)`.as('count')])
      .groupBy(`plays.${column}`)
      .orderBy('count', 'desc')
      .limit(TOP)
      .execute();
    return rows.map((row) => ({ label: row.label, count: Number(row.count) }));
  };
  const [totals, days, tracks, artists, countries, devices, platforms, browsers] = await Promise.all([
    plays()
      .select([sql<number>`count(*)`.as('total'), sql<number>`count(distinct coalesce('u' || plays.user_id, 'i' || plays.ip_address))`.as('listeners')])
      .executeTakeFirstOrThrow(),
    plays()
      .select([sql<string>`substr(plays.created_at, 1, 10)`.as('day'), sql<number>`count(*)`.as('count')])
      .groupBy('day')
      .orderBy('day')
      .execute(),
    plays()
      .innerJoin('tracks', 'tracks.id', 'plays.track_id')
      .select(['tracks.id', 'tracks.name', sql<number>`count(*)`.as('count')])
      .groupBy('tracks.id')
      .orderBy('count', 'desc')
      .limit(TOP)
      .execute(),
    plays()
      .innerJoin('track_artist', 'track_artist.track_id', 'plays.track_id')
      .innerJoin('artists', 'artists.id', 'track_artist.artist_id')
      .select(['artists.id', 'artists.name', sql<number>`count(*)`.as('count')])
      .groupBy('artists.id')
      .orderBy('count', 'desc')
      .limit(TOP)
      .execute(),
    grouped('country'),
    grouped('device'),
    grouped('platform'),
    grouped('browser'),
  ]);
  return {
    total: Number(totals.total),
    listeners: Number(totals.listeners),
    days: days.map((d) => ({ day: d.day, count: Number(d.count) })),
    tracks: tracks.map((t) => ({ id: t.id, name: t.name, count: Number(t.count) })),
    artists: artists.map((a) => ({ id: a.id, name: a.name, count: Number(a.count) })),
    countries,
    devices,
    platforms,
    browsers,
  };
}

export async function visitorsReport(db: Db, range: ReportRange): Promise<VisitorsReport> {
  const [start, end] = bounds(range);
  const views = () => db.selectFrom('page_views').where('created_at', '>=', start).where('created_at', '<', end);
  const grouped = async (column: 'country' | 'device' | 'platform' | 'browser' | 'path'): Promise<CountRow[]> => {
    const rows = await views()
      .select([sql<string>`coalesce(${sql.ref(column)}, '')`.as('label'), sql<number>`count(*)`.as('count')])
      .groupBy(column)
      .orderBy('count', 'desc')
      .limit(TOP)
      .execute();
    return rows.map((row) => ({ label: row.label, count: Number(row.count) }));
  };
  const [totals, days, pages, countries, devices, platforms, browsers] = await Promise.all([
    views().select([sql<number>`count(*)`.as('views'), sql<number>`count(distinct visitor)`.as('visitors')]).executeTakeFirstOrThrow(),
    views()
      .select([sql<string>`substr(created_at, 1, 10)`.as('day'), sql<number>`count(*)`.as('views'), sql<number>`count(distinct visitor)`.as('visitors')])
      .groupBy('day')
      .orderBy('day')
      .execute(),
    grouped('path'),
    grouped('country'),
    grouped('device'),
    grouped('platform'),
    grouped('browser'),
  ]);
  return {
    views: Number(totals.views),
    visitors: Number(totals.visitors),
    days: days.map((d) => ({ day: d.day, views: Number(d.views), visitors: Number(d.visitors) })),
    pages,
    countries,
    devices,
    platforms,
    browsers,
  };
}

export async function recordScheduleRun(db: Db, run: { job: string; status: 'ok' | 'failed'; output: string | null; duration_ms: number }): Promise<void> {
  await db.insertInto('schedule_runs').values(run).execute();
}

export async function lastScheduleRun(db: Db, job: string): Promise<ScheduleRunRow | undefined> {
  return db.selectFrom('schedule_runs').selectAll().where('job', '=', job).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Removes what has expired: sessions, one-time tokens, rate-limit windows, old job runs. Returns counts. */
export async function cleanUpExpired(db: Db, now: Date): Promise<{ sessions: number; tokens: number; rateLimits: number; scheduleRuns: number; pages: number }> {
  const nowIso = now.toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const keepRunsSince = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
  const tokens = await db.deleteFrom('user_tokens').where('expires_at', '<=', nowIso).executeTakeFirst();
  const rateLimits = await db.deleteFrom('rate_limits').where('window_start', '<=', dayAgo).executeTakeFirst();
  const scheduleRuns = await db.deleteFrom('schedule_runs').where('created_at', '<', keepRunsSince).executeTakeFirst();
  const pages = await removeExpiredPages(db, now.getTime());
  return {
    sessions: Number(sessions.numDeletedRows),
    tokens: Number(tokens.numDeletedRows),
    rateLimits: Number(rateLimits.numDeletedRows),
    scheduleRuns: Number(scheduleRuns.numDeletedRows),
    pages,
  };
}
