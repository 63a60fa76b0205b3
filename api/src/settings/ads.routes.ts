import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../http/admin-access.ts';
import { validationFailed, validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { loadSettings, SETTINGS, updateSettings } from './settings.service.ts';

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

/** The back office's ads section: the ad slots' settings, read and written as one record. */
export const adminAdsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/ads',
      tags: ['Admin: Ads'],
      summary: 'The ad code of every ad slot',
      middleware: [requireAdmin('settings.update')] as const,
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
      middleware: [requireAdmin('settings.update')] as const,
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
  );
