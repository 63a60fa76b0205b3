import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { forbidden, unauthenticated, validationFailed, validationHook } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { PLACES, uiStringPlaces, uiStrings } from '../i18n/ui-strings.ts';
import { reviewBackstageRequest } from './backstage-requests.service.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { loadSettings, SETTINGS, updateSettings } from '../settings/settings.service.ts';

/** Back-office calls beside the generic resources; the same rule: admin.access plus one of `names`. */
function adminPermission(...names: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth.user) throw unauthenticated();
    if (!hasPermission(auth.permissions, 'admin.access') || !names.some((name) => hasPermission(auth.permissions, name))) throw forbidden();
    await next();
  };
}

/** The ad slots of the spec, plus the switch that turns them all off. */
export const AD_SETTINGS = ['ads.general_top', 'ads.general_bottom', 'ads.artist_top', 'ads.artist_bottom', 'ads.album_above', 'ads.disable'] as const;
type AdSetting = (typeof AD_SETTINGS)[number];

const AdsSchema = z
  .object({
    'ads.general_top': z.string(),
    'ads.general_bottom': z.string(),
    'ads.artist_top': z.string(),
    'ads.artist_bottom': z.string(),
    'ads.album_above': z.string(),
    'ads.disable': z.boolean(),
  })
  .openapi('AdSettings');

// Ads are settings, so the settings permission governs them; any subset may be sent.
const AdsBody = z.strictObject(
  Object.fromEntries(AD_SETTINGS.map((name) => [name, (SETTINGS[name].schema as z.ZodType).optional()])) as Record<AdSetting, z.ZodOptional<z.ZodType>>,
);

async function currentAds(db: Parameters<typeof loadSettings>[0]) {
  const settings = await loadSettings(db);
  return Object.fromEntries(AD_SETTINGS.map((name) => [name, settings[name]])) as z.infer<typeof AdsSchema>;
}

const BackstageRequestSchema = z.record(z.string(), z.unknown()).openapi('BackstageRequestRecord');

export const contentAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/ads',
      tags: ['Admin: Ads'],
      summary: 'The ad code of every ad slot',
      middleware: [adminPermission('settings.update')] as const,
      responses: { 200: json(AdsSchema, 'Ad code by slot'), ...errorResponses },
    }),
    async (c) => c.json(await currentAds(c.get('deps').db), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/ads',
      tags: ['Admin: Ads'],
      summary: 'Change the ad code of some slots',
      middleware: [adminPermission('settings.update')] as const,
      request: { body: { content: { 'application/json': { schema: AdsBody } }, required: true } },
      responses: { 200: json(AdsSchema, 'Ad code by slot'), ...errorResponses },
    }),
    async (c) => {
      const db = c.get('deps').db;
      const values = Object.fromEntries(Object.entries(c.req.valid('json')).filter(([, value]) => value !== undefined));
      const { errors } = await updateSettings(db, values);
      if (errors) throw validationFailed(errors);
      return c.json(await currentAds(db), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/ui-strings',
      tags: ['Admin: Localizations'],
      summary: 'Every English line of the interface, the keys of translations, with where each shows',
      middleware: [adminPermission('localizations.update')] as const,
      responses: {
        200: json(z.object({ strings: z.array(z.string()), places: z.record(z.string(), z.array(z.enum(PLACES))) }), 'The catalogue: lines, and for each the site, the back office or both'),
        ...errorResponses,
      },
    }),
    (c) => c.json({ strings: uiStrings(), places: uiStringPlaces() }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage-requests/{id}/approve',
      tags: ['Admin: Backstage requests'],
      summary: 'Approve a request: link the user to the artist and give them the artists role',
      middleware: [adminPermission('users.update')] as const,
      request: { params: idParam },
      responses: { 200: json(BackstageRequestSchema, 'The reviewed request'), 409: json(z.object({ message: z.string() }), 'Already reviewed'), ...errorResponses },
    }),
    async (c) => c.json(await reviewBackstageRequest(c.get('deps'), c.req.valid('param').id, c.get('auth'), 'approve'), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage-requests/{id}/deny',
      tags: ['Admin: Backstage requests'],
      summary: 'Deny a request',
      middleware: [adminPermission('users.update')] as const,
      request: { params: idParam },
      responses: { 200: json(BackstageRequestSchema, 'The reviewed request'), 409: json(z.object({ message: z.string() }), 'Already reviewed'), ...errorResponses },
    }),
    async (c) => c.json(await reviewBackstageRequest(c.get('deps'), c.req.valid('param').id, c.get('auth'), 'deny'), 200),
  );
