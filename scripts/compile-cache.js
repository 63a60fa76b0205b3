import { enableCompileCache } from 'node:module';
import path from 'node:path';

/*
 * Preloaded by `pnpm start` (`node --import=./scripts/compile-cache.js`). Node strips the types of
 * the server's TypeScript files with a WebAssembly compiler that, once loaded, holds some 17 MB of
 * memory for the life of the process. Node's compile cache keeps the stripped code (and V8's
 * compiled code) on disk, keyed by each file's content, so a start after the first loads no
 * compiler and parses less. This file is JavaScript because a TypeScript one would load the
 * compiler itself. NODE_COMPILE_CACHE moves the cache, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
enableCompileCache(process.env.NODE_COMPILE_CACHE || path.join(import.meta.dirname, '../node_modules/.cache/node-compile-cache'));
