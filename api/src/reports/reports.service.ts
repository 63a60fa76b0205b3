import type { Db } from '@app/db';
import * as reportsRepository from '@app/db/reports/reports';
import { flushPageViews } from './page-views.service.ts';
import { validationFailed } from '../common/errors.ts';

/** Longest range one report may cover, so a request cannot ask the database to group years of rows. */
export const MAX_REPORT_DAYS = 366;

export function checkRange(from: string, to: string) {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0) throw validationFailed({ to: 'The end of the range must not be before its start.' });
  if (days + 1 > MAX_REPORT_DAYS) throw validationFailed({ from: `A report covers at most ${MAX_REPORT_DAYS} days.` });
}

/**
 * Plays over a range, of everything or of one track, album or artist: the back office's insights
 * and an artist's backstage insights both come from here, so they show the same numbers.
 */
export async function playsInsights(db: Db, range: reportsRepository.ReportRange, scope: reportsRepository.PlaysScope = {}): Promise<reportsRepository.PlaysReport> {
  checkRange(range.from, range.to);
  if ([scope.trackId, scope.albumId, scope.artistId].filter((v) => v !== undefined).length > 1) throw validationFailed({ track_id: 'Choose one of track_id, album_id or artist_id.' });
  return reportsRepository.playsReport(db, range, scope);
}

/** Page views and unique visitors over a range, from the page_views log. */
export async function visitorsInsights(db: Db, range: reportsRepository.ReportRange): Promise<reportsRepository.VisitorsReport> {
  checkRange(range.from, range.to);
  await flushPageViews(db);
  return reportsRepository.visitorsReport(db, range);
}
