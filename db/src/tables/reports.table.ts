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

export type PageViewRow = Selectable<PageViewsTable>;
export type ScheduleRunRow = Selectable<ScheduleRunsTable>;
