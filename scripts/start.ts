import { flushCompileCache } from 'node:module';
import { buildIfNeeded } from './build-if-needed.ts';

// `pnpm start` is how the product runs for real: React and the rest take their production paths
// (React's development build renders pages several times slower) unless told otherwise.
process.env.NODE_ENV ??= 'production';

// One process: build what is missing, then migrate, seed and serve (api/src/server.ts).
buildIfNeeded();
await import('../api/src/server.ts');
// The modules of a start are all loaded: they go to the compile cache now (scripts/compile-cache.js),
// not only at a clean exit, so a server that is killed still starts lighter next time.
flushCompileCache();
