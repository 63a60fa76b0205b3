import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { pageQuery, UserSummarySchema } from '../library/listener.schemas.ts';
import { profile, PROFILE_TABS, profileTab } from './profiles.service.ts';

const ProfileSchema = UserSummarySchema.extend({ followers_count: z.number(), following_count: z.number() });

export const profilesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/user-profile/{id}',
      tags: ['Profiles'],
      summary: "A user's public profile",
      middleware: [requirePermission('music.view')] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ user: ProfileSchema }), 'The profile'), ...errorResponses },
    }),
    async (c) => c.json({ user: await profile(c.get('deps').db, c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/user-profile/{id}/{tab}',
      tags: ['Profiles'],
      summary: 'A tab of a profile: public playlists, reposts, followers or following',
      middleware: [requirePermission('music.view')] as const,
      request: {
        params: idParam.extend({ tab: z.enum(PROFILE_TABS, { error: `The tab is one of: ${PROFILE_TABS.join(', ')}.` }).openapi({ param: { name: 'tab', in: 'path' } }) }),
        query: pageQuery,
      },
      responses: {
        200: json(z.object({ pagination: z.object({ data: z.array(z.any()), current_page: z.number(), per_page: z.number(), has_more: z.boolean() }) }), 'A page of the tab'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id, tab } = c.req.valid('param');
      const { page, perPage } = c.req.valid('query');
      return c.json({ pagination: await profileTab(c.get('deps').db, id, tab, page, perPage) }, 200);
    },
  );
