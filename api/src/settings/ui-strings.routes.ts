import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../http/admin-access.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { PLACES, uiStringPlaces, uiStrings } from '../i18n/ui-strings.ts';

/** The lines the back office's translation screen lists, beside the generic localizations resource. */
export const adminUiStringsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/ui-strings',
      tags: ['Admin: Localizations'],
      summary: 'Every English line of the interface, the keys of translations, with where each shows',
      middleware: [requireAdmin('localizations.update')] as const,
      responses: {
        200: json(z.object({ strings: z.array(z.string()), places: z.record(z.string(), z.array(z.enum(PLACES))) }), 'The catalogue: lines, and for each the site, the back office or both'),
        ...errorResponses,
      },
    }),
    (c) => c.json({ strings: uiStrings(), places: uiStringPlaces() }, 200),
  );
