import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { findUserById } from '@app/db';
import type { AppEnv } from '../context.ts';
import { requireLogin } from '../http/auth.ts';
import { notFound, validationHook } from '../http/errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { currentUser, displayName } from '../services/bootstrap.service.ts';
import { hasPermission } from '../services/permissions.ts';

const UserParam = z.object({
  id: z.union([z.literal('me'), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)]).openapi({ param: { name: 'id', in: 'path' }, example: 'me' }),
});

export const usersRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/users/{id}',
    tags: ['Users'],
    summary: 'A user: everything for yourself or a user manager, the public profile for others',
    middleware: [requireLogin()] as const,
    request: { params: UserParam },
    responses: { 200: { description: 'The user', content: { 'application/json': { schema: z.object({ user: z.record(z.string(), z.unknown()) }) } } }, ...errorResponses },
  }),
  async (c) => {
    const deps = c.get('deps');
    const auth = c.get('auth');
    const param = c.req.valid('param').id;
    const id = param === 'me' ? auth.user!.id : param;
    const user = id === auth.user!.id ? auth.user! : await findUserById(deps.db, id);
    if (!user) throw notFound('This user does not exist.');
    if (user.id === auth.user!.id) return c.json({ user: await currentUser(deps, user, auth.permissions) }, 200);
    if (hasPermission(auth.permissions, 'users.update')) {
      const { password: _, ...fields } = user;
      return c.json({ user: { ...fields, display_name: displayName(user) } }, 200);
    }
    return c.json({ user: { id: user.id, display_name: displayName(user), image: user.image } }, 200);
  },
);
