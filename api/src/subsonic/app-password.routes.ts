import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePasswordConfirmation } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { appPasswordStatus, generateAppPassword, revokeAppPassword } from './app-password.service.ts';

const Message = z.object({ message: z.string() });
const AppPasswordSchema = z.object({ created_at: z.string().nullable().openapi({ description: 'When the current app password was made; null when there is none.' }) }).openapi('SubsonicAppPassword');

/**
 * The app password Subsonic apps log in with (account settings). Making or revoking one needs a
 * recently confirmed password, as API tokens do; the password itself is only in the answer that made it.
 */
export const subsonicAccountRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/subsonic-app-password',
      tags: ['Account'],
      summary: 'Whether you have an app password for Subsonic apps (never the password)',
      middleware: [requireLogin()] as const,
      responses: { 200: json(AppPasswordSchema, 'The app password, without its secret'), ...errorResponses },
    }),
    async (c) => c.json(await appPasswordStatus(c.get('deps'), c.get('auth').user!.id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/me/subsonic-app-password',
      tags: ['Account'],
      summary: 'Make a new app password for Subsonic apps, replacing the old one; shown only in this answer',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      responses: { 200: json(z.object({ password: z.string(), created_at: z.string() }), 'The new app password'), 423: json(Message, 'Password confirmation needed'), ...errorResponses },
    }),
    async (c) => c.json(await generateAppPassword(c.get('deps'), c.get('auth').user!.id), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/users/me/subsonic-app-password',
      tags: ['Account'],
      summary: 'Revoke the app password: apps using it stop working at once',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      responses: { 200: json(Message, 'Revoked'), 423: json(Message, 'Password confirmation needed'), ...errorResponses },
    }),
    async (c) => {
      await revokeAppPassword(c.get('deps'), c.get('auth').user!.id);
      return c.json({ message: 'App password revoked.' }, 200);
    },
  );
