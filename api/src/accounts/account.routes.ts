import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePasswordConfirmation } from '../http/auth.ts';
import { forbidden, validationFailed, validationHook } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse as json, PasswordBody } from '../http/schemas.ts';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './access-tokens.service.ts';
import { endOtherSessions, listSessions, passwordMatches } from './account.service.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { loadSettings } from '../settings/settings.service.ts';

const Message = z.object({ message: z.string() });

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
    is_current_device: z.boolean(),
  })
  .openapi('Session');

const AccessTokenSchema = z.object({ id: z.number(), name: z.string(), last_used_at: z.string().nullable(), created_at: z.string() }).openapi('AccessToken');

/** API tokens need the API switched on and the `api.access` permission (spec §6). */
const requireApiAccess = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const auth = c.get('auth');
  if (!(await loadSettings(c.get('deps').db))['api.integrated'] || !hasPermission(auth.permissions, 'api.access')) {
    throw forbidden('API access is not available for this account.');
  }
  await next();
};

const TokenBody = z.strictObject({ tokenName: z.string({ error: 'Enter a token name.' }).trim().min(1, 'Enter a token name.').max(100) });

/** Account calls of spec §7 under /api/v1: sessions and API tokens. */
export const accountRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/user-sessions',
      tags: ['Account'],
      summary: 'Where this account is logged in',
      middleware: [requireLogin()] as const,
      responses: { 200: json(z.object({ sessions: z.array(SessionSchema) }), 'Sessions, most recently active first'), ...errorResponses },
    }),
    async (c) => {
      const auth = c.get('auth');
      return c.json({ sessions: await listSessions(c.get('deps'), auth.user!, auth.session) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user-sessions/logout-other',
      tags: ['Account'],
      summary: 'End every other session (needs the password)',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: PasswordBody } }, required: true } },
      responses: { 200: json(Message, 'Other sessions ended'), ...errorResponses },
    }),
    async (c) => {
      const auth = c.get('auth');
      if (!(await passwordMatches(c.get('deps'), auth.user!, c.req.valid('json').password))) throw validationFailed({ password: 'This password is incorrect.' });
      await endOtherSessions(c.get('deps'), auth.user!, auth.session);
      return c.json({ message: 'Logged out of other sessions.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/access-tokens',
      tags: ['Account'],
      summary: 'Your API tokens (names and last use; never the secret)',
      middleware: [requireLogin(), requireApiAccess()] as const,
      responses: { 200: json(z.object({ tokens: z.array(AccessTokenSchema) }), 'Tokens, newest first'), ...errorResponses },
    }),
    async (c) => {
      const tokens = await listAccessTokens(c.get('deps'), c.get('auth').user!.id);
      return c.json({ tokens: tokens.map(({ id, name, last_used_at, created_at }) => ({ id, name, last_used_at, created_at })) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/access-tokens',
      tags: ['Account'],
      summary: 'Create an API token; its plain text is shown only in this answer',
      middleware: [requireLogin(), requireApiAccess(), requirePasswordConfirmation()] as const,
      request: { body: { content: { 'application/json': { schema: TokenBody } }, required: true } },
      responses: { 200: json(z.object({ token: AccessTokenSchema, plainTextToken: z.string() }), 'Created'), 423: json(Message, 'Password confirmation needed'), ...errorResponses },
    }),
    async (c) => {
      const { token, plainTextToken } = await createAccessToken(c.get('deps'), c.get('auth').user!, c.req.valid('json').tokenName);
      return c.json({ token: { id: token.id, name: token.name, last_used_at: token.last_used_at, created_at: token.created_at }, plainTextToken }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/access-tokens/{id}',
      tags: ['Account'],
      summary: 'Revoke an API token',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      request: { params: idParam },
      responses: { 200: json(Message, 'Revoked'), 423: json(Message, 'Password confirmation needed'), ...errorResponses },
    }),
    async (c) => {
      await revokeAccessToken(c.get('deps'), c.get('auth').user!.id, c.req.valid('param').id);
      return c.json({ message: 'Token deleted.' }, 200);
    },
  );
