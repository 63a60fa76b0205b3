import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Pages render on the server inside the API's Hono process (see api/src/app.ts), which passes
// the visitor's bootstrap data and an in-process API client through `locals`.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // Accounts and sessions belong to the API; Astro's own session store stays off.
  session: false,
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  build: { inlineStylesheets: 'auto' },
  vite: {
    build: { chunkSizeWarningLimit: 400 },
  },
});
