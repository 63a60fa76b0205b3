import { readFileSync } from 'node:fs';

/** The product's version, from the root package.json (the single executable carries a copy of it). */
export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? 'unknown';
