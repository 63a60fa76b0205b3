import { expect, type APIRequestContext } from '@playwright/test';

/** One visit by a new visitor: a request context of its own. */
export async function visit(playwright: { request: { newContext(options?: object): Promise<APIRequestContext> } }, path: string, headers: Record<string, string> = {}) {
  const visitor = await playwright.request.newContext({ extraHTTPHeaders: headers });
  try {
    const response = await visitor.get(path);
    return { status: response.status(), headers: response.headers(), html: await response.text(), cookies: (await visitor.storageState()).cookies };
  } finally {
    await visitor.dispose();
  }
}

/** The page is stored just after it went out to the first visitor: a later visitor gets it. */
export const cachedSoon = (playwright: Parameters<typeof visit>[0], path: string) =>
  expect.poll(async () => (await visit(playwright, path)).headers['x-cache']).toBe('HIT');

/** An album page's canonical address. */
export const albumPath = async (request: APIRequestContext, id: number) => {
  const response = await request.get(`/album/${id}/x/y`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  return response.headers().location;
};
