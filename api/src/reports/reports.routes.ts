import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse } from '../http/schemas.ts';
import { PlaysQuery, PlaysReportSchema, RangeQuery, VisitorsReportSchema } from './reports.schemas.ts';
import { playsInsights, visitorsInsights } from './reports.service.ts';
import { requireAdmin } from '../http/admin-access.ts';

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
      const report = await playsInsights(c.get('deps').db, { from, to }, { trackId: track_id, albumId: album_id, artistId: artist_id });
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
      return c.json(await visitorsInsights(c.get('deps').db, { from, to }), 200, { 'Cache-Control': 'no-store' });
    },
  );
