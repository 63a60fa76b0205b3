import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { adminUserIds, deleteUser, findUserById, updateUser } from '@app/db';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePasswordConfirmation } from '../http/auth.ts';
import { ApiError, forbidden, notFound, validationHook } from '../http/errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { currentUser, displayName } from '../services/bootstrap.service.ts';
import { hasPermission } from '../services/permissions.ts';

const DetailsBody = z.strictObject({
  name: z.string().trim().max(255).nullable().optional(),
  first_name: z.string().trim().max(255).nullable().optional(),
  last_name: z.string().trim().max(255).nullable().optional(),
});

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const Message = z.object({ message: z.string() });

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
)
  .openapi(
    createRoute({
      method: 'put',
      path: '/users/{id}',
      tags: ['Account'],
      summary: 'Update account details',
      middleware: [requireLogin()] as const,
      request: {
        params: UserParam,
        body: { content: { 'application/json': { schema: DetailsBody } }, required: true },
      },
      responses: { 200: json(z.object({ user: z.record(z.string(), z.unknown()) }), 'Updated'), ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const auth = c.get('auth');
      const target = c.req.valid('param').id === 'me' ? auth.user!.id : (c.req.valid('param').id as number);
      if (target !== auth.user!.id && !hasPermission(auth.permissions, 'users.update')) throw forbidden();
      if (!(await findUserById(deps.db, target))) throw notFound('This user does not exist.');
      const changes = Object.fromEntries(Object.entries(c.req.valid('json')).map(([key, value]) => [key, value === '' ? null : value]));
      await updateUser(deps.db, target, changes);
      const user = (await findUserById(deps.db, target))!;
      return c.json({ user: { id: user.id, name: user.name, first_name: user.first_name, last_name: user.last_name, display_name: displayName(user) } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/users/{id}',
      tags: ['Account'],
      summary: 'Delete your own account (with deleteCurrentUser)',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      request: { params: UserParam, query: z.object({ deleteCurrentUser: z.enum(['1', 'true']).optional() }) },
      responses: { 200: json(Message, 'Deleted'), 423: json(Message, 'Password confirmation needed'), ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const user = c.get('auth').user!;
      const param = c.req.valid('param').id;
      if ((param !== 'me' && param !== user.id) || !c.req.valid('query').deleteCurrentUser) {
        throw forbidden('Only your own account can be deleted here, with deleteCurrentUser.');
      }
      // The last admin leaving would lock everyone out of the back office.
      if ((await adminUserIds(deps.db)).every((id) => id === user.id) && hasPermission(c.get('auth').permissions, 'admin')) {
        throw new ApiError(422, 'You are the only admin. Make someone else an admin before deleting your account.');
      }
      await deleteUser(deps.db, user.id);
      return c.json({ message: 'Your account was deleted.' }, 200);
    },
  );
