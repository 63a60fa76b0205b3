import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { notFound, validationHook } from '../http/errors.ts';
import { clientInfo } from '../http/login.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { lyricsOfTrack } from '../catalog/lyrics.service.ts';
import { countPlay } from './plays.service.ts';

const viewMusic = requirePermission('music.view');

const LyricsSchema = z
  .object({
    text: z.string().openapi({ description: 'The words, one line each; time stamps removed for synced lyrics.' }),
    is_synced: z.boolean(),
    lines: z
      .array(z.object({ time_ms: z.number().int().openapi({ description: 'Start of the line, in milliseconds' }), text: z.string() }))
      .optional()
      .openapi({ description: 'Only for synced lyrics, in time order' }),
  })
  .openapi('Lyrics');

/** What the web player needs besides the catalog: lyrics, and counting plays. */
export const playerRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/tracks/{id}/lyrics',
      tags: ['Player'],
      summary: "A track's lyrics, with line times when they are synced (LRC)",
      middleware: [viewMusic] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ lyrics: LyricsSchema }), 'The lyrics'), ...errorResponses },
    }),
    async (c) => {
      return c.json({ lyrics: await lyricsOfTrack(c.get('deps').db, c.get('auth'), c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/tracks/{id}/plays',
      tags: ['Player'],
      summary: 'Count a play once the listener has heard 30 s or half the track',
      description:
        'Device, platform and browser are read from the User-Agent; the listener is the logged-in user, else the IP address. ' +
        'A repeat by the same listener within the counting threshold is ignored (200, counted false).',
      middleware: [viewMusic] as const,
      request: { params: idParam },
      responses: {
        201: json(z.object({ counted: z.literal(true) }), 'The play was counted'),
        200: json(z.object({ counted: z.literal(false) }), 'A repeat, not counted'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { ip, userAgent } = clientInfo(c);
      const result = await countPlay(c.get('deps').db, c.req.valid('param').id, { userId: c.get('auth').user?.id ?? null, ip, userAgent });
      if (!result) throw notFound('This track does not exist.');
      return result.counted ? c.json({ counted: true as const }, 201) : c.json({ counted: false as const }, 200);
    },
  );
