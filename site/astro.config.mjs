import { createHash } from 'node:crypto';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { FIRST_PAINT_SCRIPT } from './src/lib/first-paint.ts';
import { precompressAssets } from './src/lib/precompress.ts';

/** Brotli and gzip copies of the built scripts and styles, which the server sends as they are (api/src/app.ts). */
const precompress = () => {
  let clientDir;
  return {
    name: 'precompress-assets',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': ({ logger }) => {
        logger.info(`${precompressAssets(`${clientDir}/_astro`).length} compressed copies written`);
      },
    },
  };
};

// Pages render on the server inside the API's Hono process (see api/src/app.ts), which passes
// the visitor's bootstrap data and an in-process API client through `locals`.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), precompress()],
  // Accounts and sessions belong to the API; Astro's own session store stays off.
  session: false,
  // Components' <style> is scoped with :where(), which adds no specificity: their rules weigh what
  // they weighed in one global stylesheet, and the appearance editor's custom CSS still overrides them.
  scopedStyleStrategy: 'where',
  // No link asks to be prefetched (data-astro-prefetch); without this the client router would load
  // the prefetch script on every page for nothing.
  prefetch: false,
  build: { inlineStylesheets: 'auto' },
  security: {
    // Astro hashes the inline scripts it writes (island hydration) into a Content-Security-Policy
    // header; the API's policy builder takes those hashes and writes the page's whole policy
    // (site/src/middleware.ts, api/src/http/content-security-policy.ts).
    csp: {
      scriptDirective: { hashes: [`sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}`] },
    },
  },
  // No Markdown pages; Shiki's inline styles would only make Astro warn about the policy.
  markdown: { syntaxHighlight: false },
  vite: {
    build: {
      chunkSizeWarningLimit: 400,
      rolldownOptions: {
        output: {
          // Every script is a request whose headers alone weigh about 0.7 KB. React with jotai go in
          // one file and the modules many islands share in another, instead of some thirty small
          // files per page: 12 KB less on an album page, fewer round trips before hydration.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|jotai)[\\/]/, priority: 20 },
              // Scripts only: a component's CSS stays with the pages that use it instead of joining every
              // page's shared stylesheet (and every client-only island's, which Astro adds again).
              { name: 'shared', test: /site[\\/]src[\\/](lib|stores|components)[\\/][^?]*\.(ts|tsx|astro)$/, minShareCount: 6, priority: 10 },
            ],
          },
        },
      },
    },
  },
});
