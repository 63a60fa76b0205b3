import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { cachedSoon, visit } from '../support/page-cache.ts';

/**
 * An artist who sets a track back to draft takes it away from visitors at once: the pages kept in
 * the page cache for visitors who are not logged in (a public playlist, the album) showed it for
 * up to a minute more, as only back-office changes emptied the cache.
 */
const stamp = Date.now().toString(36);

async function created(response: Awaited<ReturnType<typeof apiCall>>): Promise<number> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** The canonical address a page redirects a made-up one to. */
async function canonical(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  return response.headers().location;
}

test('a track set back to draft leaves the cached playlist and album pages at once', async ({ playwright, request: admin }) => {
  await logInAsAdmin(admin);
  const artist = await created(await apiCall(admin, 'POST', '/api/admin/artists', { name: `Withdrawing ${stamp}` }));
  const album = await created(await apiCall(admin, 'POST', '/api/admin/albums', { name: `Half Out ${stamp}`, artist_ids: [artist] }));
  const kept = await created(await apiCall(admin, 'POST', '/api/admin/tracks', { name: `Stays Out ${stamp}`, number: 1, album_id: album, artist_ids: [artist] }));
  const withdrawn = await created(await apiCall(admin, 'POST', '/api/admin/tracks', { name: `Pulled Back ${stamp}`, number: 2, album_id: album, artist_ids: [artist] }));

  const owner = await playwright.request.newContext();
  await registerAccount(owner, `withdrawing-${stamp}@example.com`);
  const asked = await apiCall(owner, 'POST', '/api/v1/backstage-requests', { artist_id: artist, role: 'artist', proof_url: 'https://social.example/me' });
  expect(asked.status(), await asked.text()).toBe(201);
  expect((await apiCall(admin, 'POST', `/api/admin/backstage-requests/${(await asked.json()).request.id}/approve`, {})).status()).toBe(200);

  const fan = await playwright.request.newContext();
  await registerAccount(fan, `fan-${stamp}@example.com`);
  const playlist = (await (await apiCall(fan, 'POST', '/api/v1/playlists', { name: `Shared ${stamp}`, public: true })).json()).playlist.id;
  expect((await apiCall(fan, 'POST', `/api/v1/playlists/${playlist}/tracks`, { track_ids: [withdrawn, kept] })).status()).toBe(200);

  const guest = await playwright.request.newContext();
  const pages = [await canonical(guest, `/playlist/${playlist}/x`), await canonical(guest, `/album/${album}/x/y`)];
  await guest.dispose();
  for (const path of pages) {
    await cachedSoon(playwright, path);
    expect((await visit(playwright, path)).html).toContain(`Pulled Back ${stamp}`);
  }

  const withdraw = (published: boolean) => apiCall(owner, 'PUT', `/api/v1/backstage/tracks/${withdrawn}`, { published });
  try {
    expect((await withdraw(false)).status()).toBe(200);
    for (const path of pages) {
      const seen = await visit(playwright, path);
      expect(seen.html).toContain(`Stays Out ${stamp}`);
      expect(seen.html).not.toContain(`Pulled Back ${stamp}`);
    }
  } finally {
    expect((await withdraw(true)).status()).toBe(200);
  }
  for (const path of pages) expect((await visit(playwright, path)).html).toContain(`Pulled Back ${stamp}`);
  await owner.dispose();
  await fan.dispose();
});
