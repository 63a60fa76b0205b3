import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API server under /admin, with its own SPA fallback (api/src/app.ts).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2500,
  },
});
