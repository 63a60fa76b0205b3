import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_BASE_PORT } from '../support/constants.ts';

/**
 * Where the scale-out run's pieces live. It is a Playwright run of its own, never beside the main
 * e2e run, so it takes the first ports of the same range: E2E_PORT moves both.
 */
export const PROCESS_A_PORT = E2E_BASE_PORT;
export const PROCESS_B_PORT = E2E_BASE_PORT + 1;
export const S3_PORT = E2E_BASE_PORT + 2;

// "localhost" for both: cookies ignore ports, so the two processes share the browser's session as
// two servers behind one proxy's host name would.
export const ORIGIN_A = `http://localhost:${PROCESS_A_PORT}`;
export const ORIGIN_B = `http://localhost:${PROCESS_B_PORT}`;

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPOSITORY = path.resolve(here, '../..');
export const WORK_DIR = path.join(here, '../.tmp/scale-out');
/** Each process's own STORAGE_PATH (logs, app caches): what the processes do not share. */
export const storagePathOf = (name: 'a' | 'b') => path.join(WORK_DIR, `storage-${name}`);
export const S3_DIRECTORY = path.join(WORK_DIR, 's3');
export const S3_PREFIX = 'scale-out/';
