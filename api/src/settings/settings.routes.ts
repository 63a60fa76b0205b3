import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse } from '../http/schemas.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { adminSettings, updateAdminSettings } from './settings-admin.service.ts';
import { readJsonObject, requireAdmin } from '../http/admin-access.ts';

const SettingsResponse = z
  .object({
    sections: z.array(z.object({ id: z.string(), label: z.string(), description: z.string(), note: z.string().optional() })),
    settings: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi('AdminSettings');

const tags = ['Admin: Settings'];

export const adminSettingsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/settings',
      tags,
      summary: 'Every setting with its section, label, schema and value (secrets only say whether they are set)',
      middleware: [requireAdmin('settings.update')] as const,
      responses: { 200: jsonResponse(SettingsResponse, 'Settings'), ...errorResponses },
    }),
    async (c) => c.json((await adminSettings(c.get('deps').db)) as unknown as z.infer<typeof SettingsResponse>, 200),
  );

adminSettingsRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'put',
    path: '/settings',
    tags,
    summary: 'Change some settings; field errors come back by setting name. An empty secret keeps the stored one, null removes it.',
    request: { body: { content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } }, required: true } },
    responses: { 200: jsonResponse(SettingsResponse, 'Settings after the change'), ...errorResponses },
  }),
);
adminSettingsRoutes.put('/settings', requireAdmin('settings.update'), async (c) => {
  const db = c.get('deps').db;
  await updateAdminSettings(db, await readJsonObject(c), { mayEditAppearance: hasPermission(c.get('auth').permissions, 'appearance.update') });
  return c.json(await adminSettings(db), 200);
});
