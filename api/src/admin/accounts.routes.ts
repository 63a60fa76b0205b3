import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  accessTokensOfUser,
  deleteAccessToken,
  deleteSessionOfUser,
  deleteUserSessions,
  directPermissionsOfUser,
  findPlan,
  findRole,
  findUserById,
  permissionCatalog,
  permissionsOfPlan,
  permissionsOfRole,
  resetTwoFactor,
  sessionsOfUser,
  setPlanPermissions,
  setRolePermissions,
  setUserBannedAt,
  setUserPermissions,
  type Db,
  type GrantedPermission,
} from '@app/db';
import type { Context } from 'hono';
import type { AppEnv, AuthState } from '../context.ts';
import { ApiError, notFound, validationFailed, validationHook, zodErrorsByField } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse } from '../schemas/common.ts';
import { hasPermission, isBackOfficePermission } from '../services/permissions.ts';
import { permissionsOfAccount } from '../services/subscriptions.service.ts';
import { readJsonObject, requireAdmin } from './access.ts';

const tags = ['Admin: Users and roles'];
const planTags = ['Admin: Plans'];
const manageUsers = requireAdmin('users.update');
const manageRoles = requireAdmin('roles.update');
const managePlans = requireAdmin('plans.update');

const Grant = z.object({
  name: z.string().max(100),
  restrictions: z.array(z.object({ name: z.string().max(100), value: z.number().int().min(0).max(1_000_000_000).nullable() })).max(20).default([]),
});
const GrantsBody = z.strictObject({ permissions: z.array(Grant).max(200) });
const GrantsResponse = z.object({ permissions: z.array(Grant) }).openapi('PermissionGrants');

/**
 * Checks grants against the catalogue: known names, each once, only restrictions the permission
 * accepts. Nobody may hand out a permission they do not hold themselves, so managing users or
 * roles never becomes a way to make oneself super admin.
 */
async function validateGrants(db: Db, auth: AuthState, body: Record<string, unknown>, options: { audience?: 'guests' | 'plan' } = {}): Promise<GrantedPermission[]> {
  const parsed = GrantsBody.safeParse(body);
  if (!parsed.success) throw validationFailed(zodErrorsByField(parsed.error));
  const catalog = new Map((await permissionCatalog(db)).map((p) => [p.name, p]));
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  parsed.data.permissions.forEach((grant, index) => {
    const known = catalog.get(grant.name);
    const field = `permissions.${index}`;
    if (!known) errors[field] = `There is no permission named "${grant.name}".`;
    else if (seen.has(grant.name)) errors[field] = `"${grant.name}" is listed twice.`;
    else if (!hasPermission(auth.permissions, grant.name)) errors[field] = `You can't grant "${grant.name}" because you don't have it yourself.`;
    else if (options.audience && isBackOfficePermission(grant.name)) {
      errors[field] = options.audience === 'guests' ? `Visitors who are not logged in can't be given "${grant.name}".` : `Plans can't grant "${grant.name}": anyone who pays would get it.`;
    } else {
      const unknown = grant.restrictions.find((r) => !known.restrictions.some((k) => k.name === r.name));
      if (unknown) errors[field] = `"${grant.name}" has no restriction named "${unknown.name}".`;
    }
    seen.add(grant.name);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return parsed.data.permissions;
}

async function userOr404(c: Context<AppEnv>, id: number) {
  const user = await findUserById(c.get('deps').db, id);
  if (!user) throw notFound('There is no user with this id.');
  return user;
}

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
      if (!['roles.update', 'users.update', 'plans.update'].some((name) => hasPermission(auth.permissions, name))) throw new ApiError(403, "You don't have permission to do that.");
      const catalog = (await permissionCatalog(c.get('deps').db)).map((entry) => ({ ...entry, back_office: isBackOfficePermission(entry.name) }));
      return c.json(catalog, 200, { 'Cache-Control': 'no-store' });
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
      const db = c.get('deps').db;
      const { id } = c.req.valid('param');
      if (!(await findRole(db, id))) throw notFound('There is no role with this id.');
      return c.json({ permissions: await permissionsOfRole(db, id) }, 200);
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
      const db = c.get('deps').db;
      const { id } = c.req.valid('param');
      if (!(await findPlan(db, id))) throw notFound('There is no plan with this id.');
      return c.json({ permissions: await permissionsOfPlan(db, id) }, 200);
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
      const { id } = c.req.valid('param');
      await userOr404(c, id);
      const db = c.get('deps').db;
      return c.json({ permissions: await directPermissionsOfUser(db, id), effective: await permissionsOfAccount(db, id) }, 200);
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
      const { id } = c.req.valid('param');
      await userOr404(c, id);
      const current = c.get('auth').session?.id;
      const sessions = await sessionsOfUser(c.get('deps').db, id, new Date().toISOString());
      return c.json(
        sessions.map((s) => ({
          id: s.id,
          device_type: s.device_type,
          platform: s.platform,
          browser: s.browser,
          city: s.city,
          country: s.country,
          ip_address: s.ip_address,
          last_active: s.last_active_at,
          created_at: s.created_at,
          is_current_device: s.id === current,
        })),
        200,
      );
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
      const { id } = c.req.valid('param');
      await userOr404(c, id);
      const tokens = await accessTokensOfUser(c.get('deps').db, id);
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
      await userOr404(c, id);
      if (!(await deleteAccessToken(c.get('deps').db, id, tokenId))) throw notFound('This user has no token with this id.');
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
      await userOr404(c, id);
      if (!(await deleteSessionOfUser(c.get('deps').db, id, sessionId))) throw notFound('This user has no session with this id.');
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
      const { id } = c.req.valid('param');
      await userOr404(c, id);
      await deleteUserSessions(c.get('deps').db, id, c.get('auth').session?.id);
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
      await userOr404(c, id);
      const db = c.get('deps').db;
      await resetTwoFactor(db, id);
      const user = await userOr404(c, id);
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
      const user = await userOr404(c, id);
      if (c.get('auth').user?.id === id) throw new ApiError(422, "You can't suspend your own account.");
      const bannedAt = user.banned_at ?? new Date().toISOString();
      await setUserBannedAt(c.get('deps').db, id, bannedAt);
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
      const user = await userOr404(c, id);
      await setUserBannedAt(c.get('deps').db, id, null);
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
  const role = await findRole(db, id);
  if (!role) throw notFound('There is no role with this id.');
  const grants = await validateGrants(db, c.get('auth'), await readJsonObject(c), { audience: role.guests ? 'guests' : undefined });
  await setRolePermissions(db, id, grants);
  return c.json({ permissions: await permissionsOfRole(db, id) }, 200);
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
  await userOr404(c, id);
  const db = c.get('deps').db;
  const grants = await validateGrants(db, c.get('auth'), await readJsonObject(c));
  await setUserPermissions(db, id, grants);
  return c.json({ permissions: await directPermissionsOfUser(db, id), effective: await permissionsOfAccount(db, id) }, 200);
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
  if (!(await findPlan(db, id))) throw notFound('There is no plan with this id.');
  const grants = await validateGrants(db, c.get('auth'), await readJsonObject(c), { audience: 'plan' });
  await setPlanPermissions(db, id, grants);
  return c.json({ permissions: await permissionsOfPlan(db, id) }, 200);
});
