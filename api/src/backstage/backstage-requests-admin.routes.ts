import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../http/admin-access.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { reviewBackstageRequest } from './backstage-requests.service.ts';

const BackstageRequestSchema = z.record(z.string(), z.unknown()).openapi('BackstageRequestRecord');

/** The back office's review of backstage requests, beside the generic resource that lists them. */
export const adminBackstageRequestsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage-requests/{id}/approve',
      tags: ['Admin: Backstage requests'],
      summary: 'Approve a request: link the user to the artist and give them the artists role',
      middleware: [requireAdmin('users.update')] as const,
      request: { params: idParam },
      responses: { 200: json(BackstageRequestSchema, 'The reviewed request'), 409: json(z.object({ message: z.string() }), 'Already reviewed'), ...errorResponses },
    }),
    async (c) => c.json(await reviewBackstageRequest(c.get('deps'), c.req.valid('param').id, c.get('auth'), 'approve'), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage-requests/{id}/deny',
      tags: ['Admin: Backstage requests'],
      summary: 'Deny a request',
      middleware: [requireAdmin('users.update')] as const,
      request: { params: idParam },
      responses: { 200: json(BackstageRequestSchema, 'The reviewed request'), 409: json(z.object({ message: z.string() }), 'Already reviewed'), ...errorResponses },
    }),
    async (c) => c.json(await reviewBackstageRequest(c.get('deps'), c.req.valid('param').id, c.get('auth'), 'deny'), 200),
  );
