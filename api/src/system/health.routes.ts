import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { jsonResponse } from '../http/schemas.ts';

/**
 * Liveness for load balancers and uptime checks: answers as soon as the process serves requests,
 * without touching the database, so a slow query elsewhere does not take a healthy server out of
 * rotation. Open to everyone, whatever the guest role's permissions.
 */
export const healthRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/health',
    tags: ['System'],
    summary: 'Liveness check',
    responses: { 200: jsonResponse(z.object({ status: z.literal('ok') }), 'The server is up') },
  }),
  (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const }, 200);
  },
);
