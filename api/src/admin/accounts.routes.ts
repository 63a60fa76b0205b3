import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { forbidden, validationFailed, validationHook, zodErrorsByField } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse } from '../http/schemas.ts';
import { Grant, GrantsBody } from '../permissions/permissions.schemas.ts';
import {
  endSessionOfUser,
  endSessionsOfUser,
  grantsOfPlan,
  grantsOfRole,
  grantsOfUser,
  managedUser,
  permissionCatalogue,
  planToManage,
  replacePlanGrants,
  replaceRoleGrants,
  replaceUserGrants,
  resetTwoFactorOfUser,
  revokeTokenOfUser,
  roleToManage,
  sessionsOfManagedUser,
  suspendUser,
  tokensOfUser,
  unsuspendUser,
} from './account-admin.service.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { readJsonObject, requireAdmin } from '../http/admin-access.ts';

const tags = ['Admin: Users and roles'];
const planTags = ['Admin: Plans'];
const manageUsers = requireAdmin('users.update');
const manageRoles = requireAdmin('roles.update');
const managePlans = requireAdmin('plans.update');

const GrantsResponse = z.object({ permissions: z.array(Grant) }).openapi('PermissionGrants');

const SessionSchema = z
  .object({
    id: z.string(),
    device_type: z.string().nullable(),
    platform: z.string().nullable(),
    browser: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    ip_address: z.string().nullable(),
    last_active: z.string(),
    created_at: z.string(),
    is_current_device: z.boolean(),
  })
  .openapi('AdminSession');

const TokenSchema = z.object({ id: z.number(), name: z.string(), last_used_at: z.string().nullable(), created_at: z.string() }).openapi('AdminAccessToken');
const UserState = z.object({ id: z.number(), banned_at: z.string().nullable(), two_factor_confirmed_at: z.string().nullable() }).openapi('AdminUserState');

const userParam = z.object({ id: idParam.shape.id });
const sessionParam = z.object({ id: idParam.shape.id, sessionId: z.string().regex(/^[0-9a-f]{64}$/, 'Not a session id.').openapi({ param: { name: 'sessionId', in: 'path' } }) });
const tokenParam = z.object({ id: idParam.shape.id, tokenId: idParam.shape.id.openapi({ param: { name: 'tokenId', in: 'path' } }) });

const ok = z.object({ message: z.string() });

export const adminAccountsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/permissions',
      tags,
      summary: 'Every permission, grouped, with the numeric restrictions it accepts',
      middleware: [requireAdmin()] as const,
      responses: {
        200: jsonResponse(
          z.array(
            z.object({
              id: z.number(),
              name: z.string(),
              display_name: z.string().nullable(),
              description: z.string().nullable(),
              group: z.string(),
              restrictions: z.array(z.object({ name: z.string(), description: z.string() })),
              back_office: z.boolean().openapi({ description: 'Never given to visitors or sold with a plan.' }),
            }),
          ),
          'Permissions',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const auth = c.get('auth');
      if (!['roles.update', 'users.update', 'plans.update'].some((name) => hasPermission(auth.permissions, name))) throw forbidden();
      return c.json(await permissionCatalogue(c.get('deps').db), 200, { 'Cache-Control': 'no-store' });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/roles/{id}/permissions',
      tags,
      summary: "A role's permissions with their restrictions",
      middleware: [manageRoles] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(GrantsResponse, 'Grants'), ...errorResponses },
    }),
    async (c) => {
      return c.json({ permissions: await grantsOfRole(c.get('deps').db, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/plans/{id}/permissions',
      tags: planTags,
      summary: "What a plan grants its subscribers (on top of their roles) while their subscription counts",
      middleware: [managePlans] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(GrantsResponse, 'Grants'), ...errorResponses },
    }),
    async (c) => {
      return c.json({ permissions: await grantsOfPlan(c.get('deps').db, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/{id}/permissions',
      tags,
      summary: 'Permissions given to the user directly (they replace, by name, what their roles give), and the result',
      middleware: [manageUsers] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(GrantsResponse.extend({ effective: z.array(Grant) }), 'Grants'), ...errorResponses },
    }),
    async (c) => {
      return c.json(await grantsOfUser(c.get('deps').db, c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/{id}/sessions',
      tags,
      summary: "The user's live sessions, most recently active first",
      middleware: [manageUsers] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(z.array(SessionSchema), 'Sessions'), ...errorResponses },
    }),
    async (c) => {
      return c.json(await sessionsOfManagedUser(c.get('deps').db, c.req.valid('param').id, c.get('auth').session?.id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/{id}/tokens',
      tags,
      summary: "The user's API tokens (never the secret)",
      middleware: [manageUsers] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(z.array(TokenSchema), 'Tokens'), ...errorResponses },
    }),
    async (c) => {
      const tokens = await tokensOfUser(c.get('deps').db, c.req.valid('param').id);
      return c.json(tokens.map(({ id: tokenId, name, last_used_at, created_at }) => ({ id: tokenId, name, last_used_at, created_at })), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/users/{id}/tokens/{tokenId}',
      tags,
      summary: 'Revoke one of the user’s API tokens',
      middleware: [manageUsers] as const,
      request: { params: tokenParam },
      responses: { 200: jsonResponse(ok, 'Revoked'), ...errorResponses },
    }),
    async (c) => {
      const { id, tokenId } = c.req.valid('param');
      await revokeTokenOfUser(c.get('deps').db, c.get('auth'), id, tokenId);
      return c.json({ message: 'Token revoked' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/users/{id}/sessions/{sessionId}',
      tags,
      summary: 'End one session of the user',
      middleware: [manageUsers] as const,
      request: { params: sessionParam },
      responses: { 200: jsonResponse(ok, 'Ended'), ...errorResponses },
    }),
    async (c) => {
      const { id, sessionId } = c.req.valid('param');
      await endSessionOfUser(c.get('deps').db, c.get('auth'), id, sessionId);
      return c.json({ message: 'Session ended' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/users/{id}/sessions',
      tags,
      summary: 'End every session of the user (your own current session stays)',
      middleware: [manageUsers] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(ok, 'Ended'), ...errorResponses },
    }),
    async (c) => {
      await endSessionsOfUser(c.get('deps').db, c.get('auth'), c.req.valid('param').id);
      return c.json({ message: 'Sessions ended' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/two-factor/reset',
      tags,
      summary: 'Turn two-factor authentication off for a user who lost their device',
      middleware: [manageUsers] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(UserState, 'The user'), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = await resetTwoFactorOfUser(c.get('deps').db, c.get('auth'), id);
      return c.json({ id, banned_at: user.banned_at, two_factor_confirmed_at: user.two_factor_confirmed_at }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/suspend',
      tags,
      summary: 'Suspend the user: they see only the suspended screen until unsuspended',
      middleware: [manageUsers] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(UserState, 'The user'), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { user, bannedAt } = await suspendUser(c.get('deps').db, c.get('auth'), id);
      return c.json({ id, banned_at: bannedAt, two_factor_confirmed_at: user.two_factor_confirmed_at }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/unsuspend',
      tags,
      summary: 'Lift a suspension',
      middleware: [manageUsers] as const,
      request: { params: userParam },
      responses: { 200: jsonResponse(UserState, 'The user'), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = await unsuspendUser(c.get('deps').db, c.get('auth'), id);
      return c.json({ id, banned_at: null, two_factor_confirmed_at: user.two_factor_confirmed_at }, 200);
    },
  );

// Writes are parsed by hand so that a wrong content type or unreadable JSON gets its own message.
adminAccountsRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'put',
    path: '/roles/{id}/permissions',
    tags,
    summary: "Replace a role's permissions (the guest role included: it is what visitors may do)",
    request: { params: userParam, body: { content: { 'application/json': { schema: GrantsBody } }, required: true } },
    responses: { 200: jsonResponse(GrantsResponse, 'Grants'), ...errorResponses },
  }),
);
adminAccountsRoutes.put('/roles/:id/permissions', manageRoles, async (c) => {
  const parsedId = idParam.safeParse({ id: c.req.param('id') });
  if (!parsedId.success) throw validationFailed(zodErrorsByField(parsedId.error));
  const id = parsedId.data.id;
  const db = c.get('deps').db;
  const role = await roleToManage(db, id);
  return c.json({ permissions: await replaceRoleGrants(db, c.get('auth'), role, await readJsonObject(c)) }, 200);
});

adminAccountsRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'put',
    path: '/users/{id}/permissions',
    tags,
    summary: 'Replace the permissions given to the user directly',
    request: { params: userParam, body: { content: { 'application/json': { schema: GrantsBody } }, required: true } },
    responses: { 200: jsonResponse(GrantsResponse, 'Grants'), ...errorResponses },
  }),
);
adminAccountsRoutes.put('/users/:id/permissions', manageUsers, async (c) => {
  const parsedId = idParam.safeParse({ id: c.req.param('id') });
  if (!parsedId.success) throw validationFailed(zodErrorsByField(parsedId.error));
  const id = parsedId.data.id;
  const db = c.get('deps').db;
  await managedUser(db, id);
  return c.json(await replaceUserGrants(db, c.get('auth'), id, await readJsonObject(c)), 200);
});

adminAccountsRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'put',
    path: '/plans/{id}/permissions',
    tags: planTags,
    summary: "Replace what a plan grants its subscribers (never back-office permissions)",
    request: { params: userParam, body: { content: { 'application/json': { schema: GrantsBody } }, required: true } },
    responses: { 200: jsonResponse(GrantsResponse, 'Grants'), ...errorResponses },
  }),
);
adminAccountsRoutes.put('/plans/:id/permissions', managePlans, async (c) => {
  const parsedId = idParam.safeParse({ id: c.req.param('id') });
  if (!parsedId.success) throw validationFailed(zodErrorsByField(parsedId.error));
  const id = parsedId.data.id;
  const db = c.get('deps').db;
  await planToManage(db, id);
  return c.json({ permissions: await replacePlanGrants(db, c.get('auth'), id, await readJsonObject(c)) }, 200);
});
