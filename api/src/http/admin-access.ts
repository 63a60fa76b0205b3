import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError, forbidden, unauthenticated } from '../http/errors.ts';
import { hasPermission } from '../permissions/permissions.ts';

/**
 * Back-office calls outside the generic resources: the admin area itself (admin.access) and
 * every permission named (the section's own, such as settings.update).
 */
export function requireAdmin(...names: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth.user) throw unauthenticated();
    if (!['admin.access', ...names].every((name) => hasPermission(auth.permissions, name))) throw forbidden();
    await next();
  };
}

/** The JSON body of a write, refusing other content types and unreadable JSON with a clear 4xx. */
export async function readJsonObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/(.+\+)?json/i.test(type)) throw new ApiError(415, 'Send JSON (Content-Type: application/json).');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}
