import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse } from '../http/schemas.ts';
import { appearanceState, updateAppearance } from './appearance.service.ts';
import { requireAdmin } from '../http/admin-access.ts';

const Theme = z.object({
  id: z.number(),
  name: z.string(),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  values: z.record(z.string(), z.string()),
});

const AppearanceResponse = z
  .object({
    values: z.record(z.string(), z.unknown()),
    defaults: z.record(z.string(), z.unknown()),
    themes: z.array(Theme),
    menuPositions: z.array(z.string()),
    seoPages: z.array(z.string()),
    roles: z.array(z.object({ id: z.number(), name: z.string() })),
    permissions: z.array(z.object({ name: z.string(), display_name: z.string().nullable(), group: z.string() })),
    fonts: z.array(z.object({ label: z.string(), value: z.string() })),
  })
  .openapi('AdminAppearance');

// Only the envelope is checked here; the service checks the settings and themes and answers errors by field.
const AppearanceChange = z
  .object({
    values: z.record(z.string(), z.unknown()).optional(),
    themes: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .strict()
  .openapi('AdminAppearanceChange');

const tags = ['Admin: Appearance'];

/** The appearance editor's two calls (music spec §2.9), permission appearance.update. */
export const adminAppearanceRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/appearance',
      tags,
      summary: 'The appearance settings and their defaults, the themes, and the choices the editor offers (menu positions, SEO pages, roles, permissions, fonts)',
      middleware: [requireAdmin('appearance.update')] as const,
      responses: { 200: jsonResponse(AppearanceResponse, 'Appearance'), ...errorResponses },
    }),
    async (c) => c.json((await appearanceState(c.get('deps').db)) as z.infer<typeof AppearanceResponse>, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/appearance',
      tags,
      summary:
        'Save appearance settings and, when given, the full list of themes (with id: changed, without: new, missing: deleted), in one transaction; clears the page cache',
      middleware: [requireAdmin('appearance.update')] as const,
      request: { body: { content: { 'application/json': { schema: AppearanceChange } }, required: true } },
      responses: { 200: jsonResponse(AppearanceResponse, 'Appearance after the change'), ...errorResponses },
    }),
    async (c) => {
      const db = c.get('deps').db;
      await updateAppearance(db, c.req.valid('json'));
      return c.json((await appearanceState(db)) as z.infer<typeof AppearanceResponse>, 200);
    },
  );

export type AdminAppearanceApi = typeof adminAppearanceRoutes;
