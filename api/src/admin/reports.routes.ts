import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { playsReport, visitorsReport } from '@app/db';
import type { AppEnv } from '../context.ts';
import { validationFailed, validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse } from '../schemas/common.ts';
import { requireAdmin } from './access.ts';

/** Longest range one report may cover, so a request cannot ask the database to group years of rows. */
export const MAX_REPORT_DAYS = 366;

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date as YYYY-MM-DD.`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), `${what} is not a real date.`);

const id = z.coerce.number({ error: 'The id must be a number.' }).int('The id must be a whole number.').positive('The id must be positive.').max(Number.MAX_SAFE_INTEGER);

const RangeQuery = z.object({
  from: day('from').openapi({ example: '2026-11-01' }),
  to: day('to').openapi({ example: '2026-11-30' }),
});
const PlaysQuery = RangeQuery.extend({ track_id: id.optional(), album_id: id.optional(), artist_id: id.optional() });

function checkRange(from: string, to: string) {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0) throw validationFailed({ to: 'The end of the range must not be before its start.' });
  if (days + 1 > MAX_REPORT_DAYS) throw validationFailed({ from: `A report covers at most ${MAX_REPORT_DAYS} days.` });
}

const Count = z.object({ label: z.string(), count: z.number() });
const Named = z.object({ id: z.number(), name: z.string(), count: z.number() });
const PlaysReportSchema = z
  .object({
    total: z.number(),
    listeners: z.number(),
    days: z.array(z.object({ day: z.string(), count: z.number() })),
    tracks: z.array(Named),
    artists: z.array(Named),
    countries: z.array(Count),
    devices: z.array(Count),
    platforms: z.array(Count),
    browsers: z.array(Count),
  })
  .openapi('PlaysReport');
const VisitorsReportSchema = z
  .object({
    views: z.number(),
    visitors: z.number(),
    days: z.array(z.object({ day: z.string(), views: z.number(), visitors: z.number() })),
    pages: z.array(Count),
    countries: z.array(Count),
    devices: z.array(Count),
    platforms: z.array(Count),
    browsers: z.array(Count),
  })
  .openapi('VisitorsReport');

const tags = ['Admin: Reports'];

/** The admin home's reports and the insights pages of tracks, albums and artists. Days are UTC. */
export const adminReportsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/reports/plays',
      tags,
      summary: 'Plays per day over a range, top tracks and artists, countries, devices, platforms and browsers; optionally of one track, album or artist',
      middleware: [requireAdmin()] as const,
      request: { query: PlaysQuery },
      responses: { 200: jsonResponse(PlaysReportSchema, 'Report'), ...errorResponses },
    }),
    async (c) => {
      const { from, to, track_id, album_id, artist_id } = c.req.valid('query');
      checkRange(from, to);
      if ([track_id, album_id, artist_id].filter((v) => v !== undefined).length > 1) throw validationFailed({ track_id: 'Choose one of track_id, album_id or artist_id.' });
      const report = await playsReport(c.get('deps').db, { from, to }, { trackId: track_id, albumId: album_id, artistId: artist_id });
      return c.json(report, 200, { 'Cache-Control': 'no-store' });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/reports/visitors',
      tags,
      summary: 'Page views and unique visitors per day over a range, top pages, countries, devices, platforms and browsers',
      middleware: [requireAdmin()] as const,
      request: { query: RangeQuery },
      responses: { 200: jsonResponse(VisitorsReportSchema, 'Report'), ...errorResponses },
    }),
    async (c) => {
      const { from, to } = c.req.valid('query');
      checkRange(from, to);
      return c.json(await visitorsReport(c.get('deps').db, { from, to }), 200, { 'Cache-Control': 'no-store' });
    },
  );
