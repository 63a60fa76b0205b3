import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { documentPolicy } from '../http/content-security-policy.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import { buildBootstrapData } from '../settings/bootstrap.service.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { guardRedirect } from '@app/shared/guards';
import { scriptHashSource } from '../settings/trusted-code.service.ts';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// "Try it out" runs with the reader's session, so it must echo the XSRF cookie like the app does.
// No validator badge: it would send the document's address to swagger.io.
const START_SCRIPT = `
  const xsrf = () => decodeURIComponent((document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/) || [])[1] || '');
  SwaggerUIBundle({
    url: '/api-docs/openapi.json',
    dom_id: '#docs',
    deepLinking: true,
    validatorUrl: null,
    requestInterceptor: (request) => { request.headers['X-XSRF-TOKEN'] = xsrf(); return request; },
  });
`;
const POLICY = documentPolicy([scriptHashSource(START_SCRIPT)]);

const page = (siteName: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation · ${siteName.replace(/[<>&"]/g, '')}</title>
<link rel="stylesheet" href="/api-docs/assets/swagger-ui.css">
<link rel="icon" href="/api-docs/assets/favicon-32x32.png">
</head>
<body>
<div id="docs"></div>
<script src="/api-docs/assets/swagger-ui-bundle.js"></script>
<script>${START_SCRIPT}</script>
</body>
</html>`;

/**
 * The OpenAPI document generated from the same zod schemas that validate requests, and a
 * Swagger UI served from this server (no CDN), for anyone with `api.access`.
 */
export function createDocsRoutes(document: () => object, siteName: () => Promise<string>) {
  return new Hono<AppEnv>()
    .get('/api-docs/openapi.json', (c) => {
      const auth = c.get('auth');
      if (!hasPermission(auth.permissions, 'api.access')) throw auth.user ? forbidden() : unauthenticated();
      return c.json(document());
    })
    .get('/api-docs/assets/:file', async (c) => {
      const file = c.req.param('file');
      const type = ASSETS[file];
      if (!type) return c.json({ message: 'Not found.' }, 404);
      return c.body(await readFile(path.join(swaggerDir, file)), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
    })
    .get('/api-docs', async (c) => {
      const auth = c.get('auth');
      if (!hasPermission(auth.permissions, 'api.access')) {
        // A page: the pages' guard decides, on the data pages render with (/login, /pricing or /404).
        const bootstrap = await buildBootstrapData(c.get('deps'), auth, {});
        return c.redirect(guardRedirect(bootstrap, { permission: 'api.access' }, '/api-docs') ?? '/404', 302);
      }
      return c.html(page(await siteName()), 200, { 'Content-Security-Policy': POLICY });
    });
}
