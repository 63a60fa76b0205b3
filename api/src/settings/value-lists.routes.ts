import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationFailed, validationHook } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { VALUE_LISTS, valueLists, type ValueListName } from './value-lists.service.ts';

const TimezoneOption = z.object({ value: z.string(), text: z.string() });

const ValueListsSchema = z
  .object({
    timezones: z.record(z.string(), z.array(TimezoneOption)).optional().openapi({ description: 'Time zones grouped by region' }),
    countries: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
    localizations: z.array(z.object({ language: z.string(), name: z.string() })).optional(),
  })
  .openapi('ValueLists');

/** Option lists for forms: `value-lists/timezones,countries,localizations`. */
export const valueListsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/value-lists/{names}',
    tags: ['Account'],
    summary: 'Time zones, countries and interface languages',
    request: { params: z.object({ names: z.string().max(200).openapi({ param: { name: 'names', in: 'path' }, example: 'timezones,countries,localizations' }) }) },
    responses: { 200: { description: 'The lists asked for', content: { 'application/json': { schema: ValueListsSchema } } }, ...errorResponses },
  }),
  async (c) => {
    const names = c.req.valid('param').names.split(',').map((name) => name.trim());
    const unknown = names.filter((name) => !VALUE_LISTS.includes(name as ValueListName));
    if (unknown.length) throw validationFailed({ names: `Unknown list "${unknown[0]}". Lists: ${VALUE_LISTS.join(', ')}.` });
    // The lists change with releases, not per request: browsers may keep them for a day.
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(await valueLists(c.get('deps'), names as ValueListName[]), 200);
  },
);
