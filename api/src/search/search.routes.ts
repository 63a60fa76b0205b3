import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { SearchQuery, SearchResponseSchema } from './search.schemas.ts';
import { parseSearchTypes, search } from './search.service.ts';

export const searchRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/search',
    tags: ['Search'],
    summary: 'Search artists, albums, tracks, public playlists, users and tags',
    description:
      'Ranked by relevance (the whole name, then its start, then the words anywhere), then popularity. ' +
      'Common words rank their 1000 most played matches, so pages stop after 1000 results.',
    middleware: [requirePermission('music.view')] as const,
    request: { query: SearchQuery },
    responses: { 200: json(SearchResponseSchema, 'Results per type'), ...errorResponses },
  }),
  async (c) => {
    const { query, types, limit, page } = c.req.valid('query');
    const result = await search(c.get('deps').db, { text: query, types: parseSearchTypes(types), limit, page });
    return c.json(result, 200);
  },
);
