import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { backstageRequestsOfUser } from '@app/db';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePermission } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../schemas/common.ts';
import { BACKSTAGE_ROLES, submitBackstageRequest } from '../services/backstage.service.ts';
import { getCustomPage } from '../services/custom-pages.service.ts';

const CustomPageSchema = z
  .object({ id: z.number(), title: z.string(), slug: z.string(), body: z.string(), type: z.string(), created_at: z.string(), updated_at: z.string() })
  .openapi('CustomPage');

const BackstageRequestSchema = z
  .object({
    id: z.number(),
    user_id: z.number(),
    artist_id: z.number().nullable(),
    artist_name: z.string(),
    role: z.enum(BACKSTAGE_ROLES),
    message: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'denied']),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('BackstageRequest');

const BackstageRequestBody = z.strictObject({
  artist_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  artist_name: z.string().trim().max(255, 'Artist names are at most 255 characters.').nullable().optional(),
  role: z.enum(BACKSTAGE_ROLES, 'Choose artist, manager, label or other.').default('artist'),
  message: z.string().max(2000, 'The message is at most 2,000 characters.').nullable().optional(),
});

const present = (row: z.infer<typeof BackstageRequestSchema> & Record<string, unknown>) => ({
  id: row.id,
  user_id: row.user_id,
  artist_id: row.artist_id,
  artist_name: row.artist_name,
  role: row.role,
  message: row.message,
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const contentRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/custom-pages/{idOrSlug}',
      tags: ['Custom pages'],
      summary: 'A custom page by id or slug; its body is sanitised HTML',
      request: {
        params: z.object({
          idOrSlug: z
            .string()
            .min(1)
            .max(100, 'Page addresses are at most 100 characters.')
            .regex(/^[\p{L}\p{N}_-]+$/u, 'Page addresses are letters, digits and hyphens.')
            .openapi({ param: { name: 'idOrSlug', in: 'path' }, example: 'privacy-policy' }),
        }),
      },
      responses: { 200: json(z.object({ page: CustomPageSchema }), 'The page'), ...errorResponses },
    }),
    async (c) => c.json({ page: await getCustomPage(c.get('deps').db, c.req.valid('param').idOrSlug) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage-requests',
      tags: ['Backstage'],
      summary: 'Ask to become an artist, or to claim an existing artist; an admin approves or denies it',
      middleware: [requireLogin(), requirePermission('backstageRequests.create')] as const,
      request: { body: { content: { 'application/json': { schema: BackstageRequestBody } }, required: true } },
      responses: { 201: json(z.object({ request: BackstageRequestSchema }), 'The request, pending'), ...errorResponses },
    }),
    async (c) => {
      const row = await submitBackstageRequest(c.get('deps').db, c.get('auth').user!.id, c.req.valid('json'));
      return c.json({ request: present(row) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage-requests',
      tags: ['Backstage'],
      summary: 'Your own backstage requests, newest first',
      middleware: [requireLogin()] as const,
      responses: { 200: json(z.object({ requests: z.array(BackstageRequestSchema) }), 'Your requests'), ...errorResponses },
    }),
    async (c) => {
      const rows = await backstageRequestsOfUser(c.get('deps').db, c.get('auth').user!.id);
      return c.json({ requests: rows.map(present) }, 200);
    },
  );
