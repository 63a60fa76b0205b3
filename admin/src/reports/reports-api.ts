import { httpClient } from '../providers/httpClient.ts';

export interface DateRange {
  from: string;
  to: string;
}

export interface Count {
  label: string;
  count: number;
}

interface Named {
  id: number;
  name: string;
  count: number;
}

interface PlaysReport {
  total: number;
  listeners: number;
  days: { day: string; count: number }[];
  tracks: Named[];
  artists: Named[];
  countries: Count[];
  devices: Count[];
  platforms: Count[];
  browsers: Count[];
}

interface VisitorsReport {
  views: number;
  visitors: number;
  days: { day: string; views: number; visitors: number }[];
  pages: Count[];
  countries: Count[];
  devices: Count[];
  platforms: Count[];
  browsers: Count[];
}

/** Plays of one track, album or artist (its insights page) instead of all of them. */
export type ReportScope = { track_id: number } | { album_id: number } | { artist_id: number };

async function report<T>(kind: string, range: DateRange, scope?: ReportScope): Promise<{ data: T }> {
  const query = new URLSearchParams({ from: range.from, to: range.to, ...Object.fromEntries(Object.entries(scope ?? {}).map(([key, id]) => [key, String(id)])) });
  const { json } = await httpClient(`/api/admin/reports/${kind}?${query}`);
  return { data: json as T };
}

/** The data provider's report methods (see providers/dataProvider.ts). */
export const reportMethods = {
  getPlaysReport: (range: DateRange, scope?: ReportScope) => report<PlaysReport>('plays', range, scope),
  getVisitorsReport: (range: DateRange) => report<VisitorsReport>('visitors', range),
};
