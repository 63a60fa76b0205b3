import type { Generated, Selectable } from 'kysely';

/** A page (HTML) served to a person, for the visitors report. */
export interface PageViewsTable {
  id: Generated<number>;
  path: string;
  user_id: number | null;
  /** A hash of the address, browser and day: counts unique visitors without storing who they are. */
  visitor: string;
  device: string | null;
  platform: string | null;
  browser: string | null;
  country: string | null;
  created_at: Generated<string>;
}

/** One run of a periodic job. */
export interface ScheduleRunsTable {
  id: Generated<number>;
  job: string;
  /** ok or failed */
  status: string;
  output: string | null;
  duration_ms: Generated<number>;
  created_at: Generated<string>;
}

/** A page rendered for visitors who are not logged in, kept for a short time (Settings > Cache). */
export interface PageCacheTable {
  /** sha256 of the address and the cookies such a page depends on. */
  key: string;
  status: number;
  /** JSON array of [name, value] pairs, without cookies. */
  headers: string;
  /** The HTML as rendered. */
  html: Uint8Array;
  /** The same HTML gzipped, for the clients that take it. */
  html_gzip: Uint8Array;
  /** Unix time in milliseconds at which its rendering began. */
  created_at: number;
  expires_at: number;
}

export interface PageCacheStateTable {
  id: number;
  /** How many times the cache was cleared: a process keeps copies while it stays the same. */
  generation: number;
}

export type PageViewRow = Selectable<PageViewsTable>;
export type ScheduleRunRow = Selectable<ScheduleRunsTable>;

/** Raised by triggers on every write of the table (migration 2026_11_30_000001); bigint, so PostgreSQL answers text. */
export interface TableVersionsTable {
  table_name: string;
  version: number | string;
}

/** How many times an error of the error log happened on a day (migration 2026_12_02_000040). */
export interface ErrorLogRepeatsTable {
  fingerprint: string;
  /** YYYY-MM-DD in the server's time zone. */
  day: string;
  count: number;
  /** ISO time of the latest time it happened. */
  last_at: string;
}
