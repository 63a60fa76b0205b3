import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { ChannelSchema, pageQuery } from '../library/listener.schemas.ts';
import { getChannel } from './channels.service.ts';

const slugOrId = z
  .string()
  .min(1)
  .max(100, 'Channel addresses are at most 100 characters.')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'Channel addresses are letters, digits and hyphens.')
  .openapi({ param: { name: 'slugOrId', in: 'path' }, example: 'discover' });

export const channelsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/channel/{slugOrId}',
    tags: ['Channels'],
    summary: 'A channel and a page of its content; nested channels carry their first page',
    middleware: [requirePermission('music.view')] as const,
    request: {
      params: z.object({ slugOrId }),
      query: pageQuery.extend({ restriction: z.string().trim().min(1).max(100).optional().openapi({ description: 'The genre of a genre channel' }) }),
    },
    responses: { 200: json(z.object({ channel: ChannelSchema }), 'The channel'), ...errorResponses },
  }),
  async (c) => {
    const { page, perPage, restriction } = c.req.valid('query');
    const channel = await getChannel(c.get('deps').db, c.req.valid('param').slugOrId, { page, perPage, restriction });
    return c.json({ channel }, 200);
  },
);
