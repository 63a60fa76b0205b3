import { createHash } from 'node:crypto';

/**
 * SHA-256 of a secret before it is stored: session ids, reset links, codes, API tokens. The
 * secrets are long and random (codes are short but expire and are tried at most five times), so
 * a plain hash is enough to make a leaked table useless.
 */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
export const sha256Bytes = (text: string) => createHash('sha256').update(text).digest();
