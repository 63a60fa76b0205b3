import { z } from '@hono/zod-openapi';

/** The reports of the back office and of backstage insights: one shape, so both show the same numbers. */
const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date as YYYY-MM-DD.`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), `${what} is not a real date.`);

const id = z.coerce.number({ error: 'The id must be a number.' }).int('The id must be a whole number.').positive('The id must be positive.').max(Number.MAX_SAFE_INTEGER);

export const RangeQuery = z.object({
  from: day('from').openapi({ example: '2026-11-01' }),
  to: day('to').openapi({ example: '2026-11-30' }),
});
export const PlaysQuery = RangeQuery.extend({ track_id: id.optional(), album_id: id.optional(), artist_id: id.optional() });

const Count = z.object({ label: z.string(), count: z.number() });
const Named = z.object({ id: z.number(), name: z.string(), count: z.number() });
export const PlaysReportSchema = z
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
export const VisitorsReportSchema = z
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
