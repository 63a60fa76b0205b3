import { method, type Methods } from './respond.ts';

/** The OpenSubsonic extensions this server speaks. */
const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
];

export const systemMethods: Methods = {
  ping: method(false, async () => ({})),
  getLicense: method(false, async () => ({ license: { valid: true } })),
  getOpenSubsonicExtensions: method(false, async () => ({ openSubsonicExtensions: EXTENSIONS })),
};
