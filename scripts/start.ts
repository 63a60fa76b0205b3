import { buildIfNeeded } from './build-if-needed.ts';

// One process: build what is missing, then migrate, seed and serve (api/src/server.ts).
buildIfNeeded();
await import('../api/src/server.ts');
