import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { visitorChoices } from '../http/login.ts';
import { requireLogin, requirePasswordConfirmation } from '../http/auth.ts';
import { forbidden, notFound, validationFailed, validationHook } from '../http/errors.ts';
import { chooseLanguage, deleteOwnAccount, findUser, updateAccountDetails } from './account.service.ts';
import { removeAvatar, replaceAvatar } from './avatar.service.ts';
import { isCountry, isTimezone } from '../settings/value-lists.service.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { currentUser, interfaceLanguage } from '../settings/bootstrap.service.ts';
import { displayName } from './display-name.ts';
import { hasPermission } from '../permissions/permissions.ts';
import type { UserAccount } from './signed-in-user.ts';

const DetailsBody = z.strictObject({
  name: z.string().trim().max(255).nullable().optional(),
  first_name: z.string().trim().max(255).nullable().optional(),
  last_name: z.string().trim().max(255).nullable().optional(),
  country: z.string().trim().toLowerCase().refine(isCountry, 'Choose a country from the list.').nullable().optional(),
  timezone: z.string().trim().refine(isTimezone, 'Choose a time zone from the list.').nullable().optional(),
});

const LocaleBody = z.strictObject({ locale: z.string({ error: 'Choose a language.' }).trim().min(1, 'Choose a language.').max(10) });

const Message = z.object({ message: z.string() });

/**
 * Everyone sees a user's id, display name and image; yourself and user managers see the account
 * too, and only yourself your connected social accounts.
 */
const UserSchema = z.looseObject({
  id: z.number(),
  display_name: z.string(),
  image: z.string().nullable(),
  social_profiles: z.array(z.object({ service_name: z.string(), username: z.string() })).optional().openapi({ description: 'Only in your own account' }),
});

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
    responses: { 200: { description: 'The user', content: { 'application/json': { schema: z.object({ user: UserSchema }) } } }, ...errorResponses },
  }),
  async (c) => {
    const deps = c.get('deps');
    const auth = c.get('auth');
    const param = c.req.valid('param').id;
    const id = param === 'me' ? auth.user!.id : param;
    const user = id === auth.user!.id ? auth.user! : await findUser(deps, id);
    if (!user) throw notFound('This user does not exist.');
    if (id === auth.user!.id) return c.json({ user: await currentUser(deps, auth.user!, auth.permissions) }, 200);
    if (hasPermission(auth.permissions, 'users.update')) {
      // Listed field by field: secrets (password hash, two-factor secret and codes) never leave.
      const { id, name, first_name, last_name, email, image, email_verified_at, banned_at, language, country, timezone, two_factor_confirmed_at, created_at, updated_at } = user;
      return c.json(
        { user: { id, name, first_name, last_name, email, image, email_verified_at, banned_at, language, country, timezone, two_factor_confirmed_at, created_at, updated_at, display_name: displayName(user) } },
        200,
      );
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
      responses: {
        200: json(
          z.object({
            user: z.object({
              id: z.number(),
              name: z.string().nullable(),
              first_name: z.string().nullable(),
              last_name: z.string().nullable(),
              country: z.string().nullable(),
              timezone: z.string().nullable(),
              display_name: z.string(),
            }),
          }),
          'Updated',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const target = await ownAccount(c);
      const changes = Object.fromEntries(Object.entries(c.req.valid('json')).map(([key, value]) => [key, value === '' ? null : value]));
      const user = await updateAccountDetails(deps, target.id, changes);
      return c.json(
        { user: { id: user.id, name: user.name, first_name: user.first_name, last_name: user.last_name, country: user.country, timezone: user.timezone, display_name: displayName(user) } },
        200,
      );
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
      const user = c.get('auth').user!;
      const param = c.req.valid('param').id;
      if ((param !== 'me' && param !== user.id) || !c.req.valid('query').deleteCurrentUser) {
        throw forbidden('Only your own account can be deleted here, with deleteCurrentUser.');
      }
      await deleteOwnAccount(c.get('deps'), c.get('auth'));
      return c.json({ message: 'Your account was deleted.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/avatar',
      tags: ['Account'],
      summary: 'Upload a profile image (PNG, JPEG, GIF or WebP, at most 2 MB)',
      middleware: [requireLogin()] as const,
      request: { params: UserParam, body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }) } }, required: true } },
      responses: { 200: json(z.object({ user: z.object({ id: z.number(), image: z.string().nullable() }) }), 'Uploaded'), ...errorResponses },
    }),
    async (c) => {
      const user = await ownAccount(c);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form.file;
      if (!(file instanceof File)) throw validationFailed({ file: 'Choose an image to upload.' });
      const image = await replaceAvatar(c.get('deps'), user, file);
      return c.json({ user: { id: user.id, image } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/users/{id}/avatar',
      tags: ['Account'],
      summary: 'Remove the profile image',
      middleware: [requireLogin()] as const,
      request: { params: UserParam },
      responses: { 200: json(z.object({ user: z.object({ id: z.number(), image: z.null() }) }), 'Removed'), ...errorResponses },
    }),
    async (c) => {
      const user = await ownAccount(c);
      await removeAvatar(c.get('deps'), user);
      return c.json({ user: { id: user.id, image: null } }, 200);
    },
  );

export const localeRoute = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/users/me/locale',
      tags: ['Account'],
      summary: "The interface language and its translated lines: yours, or a visitor's choice (the be-language cookie) or the site's default",
      description: 'Pages of the site carry this in their bootstrap data; the back office, a single-page app, reads it here.',
      responses: { 200: json(z.object({ language: z.string(), lines: z.record(z.string(), z.string()) }), 'The language and its lines, keyed by English text'), ...errorResponses },
    }),
    async (c) => {
      // Lines change when a translator saves; a stale copy would hide the change.
      c.header('Cache-Control', 'no-store');
      return c.json(await interfaceLanguage(c.get('deps'), c.get('auth').user, undefined, visitorChoices(c).language), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/me/locale',
      tags: ['Account'],
      summary: 'Choose the interface language',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: LocaleBody } }, required: true } },
      responses: { 200: json(z.object({ locale: z.string() }), 'Saved'), ...errorResponses },
    }),
    async (c) => {
      const { locale } = c.req.valid('json');
      await chooseLanguage(c.get('deps'), c.get('auth').user!.id, locale);
      return c.json({ locale }, 200);
    },
  );

/** The account a users/{id}/… call acts on: yourself, or anyone for a user manager. */
async function ownAccount(c: Context<AppEnv>): Promise<UserAccount> {
  const auth = c.get('auth');
  const param = c.req.param('id');
  const id = param === 'me' ? auth.user!.id : Number(param);
  if (id !== auth.user!.id && !hasPermission(auth.permissions, 'users.update')) throw forbidden();
  const user = id === auth.user!.id ? auth.user! : await findUser(c.get('deps'), id);
  if (!user) throw notFound('This user does not exist.');
  return user;
}
