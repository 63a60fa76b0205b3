import { expect, test, type Page } from '@playwright/test';
import { apiCall, registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN } from '../support/constants.ts';

/**
 * What a new listener noticed while trying the site (issue 13, point 8): each test fails on the
 * build before its fix.
 */

async function newListener(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now()}@example.com`;
  await registerAccount(page.request, email);
  return email;
}

/** Errors the page throws, such as React's hydration mismatch (#418). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The first track of each album, with the album's cover. */
async function albumOpeners(page: Page, albumIds: number[]) {
  return Promise.all(
    albumIds.map(async (id) => {
      const { album } = await (await page.request.get(`/api/v1/albums/${id}?with=tracks`)).json();
      return { trackId: album.tracks[0].id as number, image: album.image as string };
    }),
  );
}

async function playlistWith(page: Page, name: string, trackIds: number[]) {
  const created = await apiCall(page.request, 'POST', '/api/v1/playlists', { name });
  const { playlist } = await created.json();
  if (trackIds.length) expect((await apiCall(page.request, 'POST', `/api/v1/playlists/${playlist.id}/tracks`, { track_ids: trackIds })).ok()).toBe(true);
  return playlist.id as number;
}

test('search results: no stray 0 above the sections, and tracks without a top result take the whole width', async ({ page }) => {
  // "lant" finds albums, but no artist and no track.
  await page.goto('/search/lant');
  await expect(page.getByRole('heading', { name: 'Albums', level: 2 })).toBeVisible();
  const strayTexts = await page.locator('main').evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.trim() === '0') found.push(node.parentElement!.outerHTML.slice(0, 80));
    return found;
  });
  expect(strayTexts).toEqual([]);

  // "light" finds tracks but no artist: the tracks are not squeezed into the top result's column.
  await page.goto('/search/light');
  await expect(page.locator('.top-result')).toHaveCount(0);
  const tracks = await page.getByRole('region', { name: 'Tracks' }).first().boundingBox();
  const header = await page.locator('.search-header').boundingBox();
  expect(tracks!.width).toBeGreaterThan(header!.width * 0.95);
});

test('a new listener has one name everywhere, and the navbar follows a rename at once', async ({ page }) => {
  const email = await newListener(page, 'jane.roe');
  const localPart = email.split('@')[0];
  const [opener] = await albumOpeners(page, [1]);
  const playlistId = await playlistWith(page, 'Name check', [opener.trackId]);

  await page.goto('/account-settings');
  await expect(page.getByTestId('user-menu')).toHaveText(new RegExp(`${localPart.replace(/\./g, '\\.')}$`));
  await expect(page.getByLabel('Display name')).toHaveValue(localPart);
  await page.goto(`/playlist/${playlistId}/x`);
  await expect(page.locator('.media-header .meta a').first()).toHaveText(localPart);

  await page.goto('/account-settings');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByLabel('Display name').fill('Jane Roe');
  await page.locator('#account-details').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toHaveText(/Updated account details/);
  await expect(page.getByTestId('user-menu')).toHaveText(/Jane Roe$/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.goto(`/playlist/${playlistId}/x`);
  await expect(page.locator('.media-header .meta a').first()).toHaveText('Jane Roe');
});

test("a playlist's cover is made of its albums' covers", async ({ page }) => {
  await newListener(page, 'covers');
  const openers = await albumOpeners(page, [1, 2, 3, 4]);
  const mosaicId = await playlistWith(page, 'Four albums', openers.map((o) => o.trackId));
  const singleId = await playlistWith(page, 'One album', [openers[0].trackId]);

  await page.goto(`/playlist/${mosaicId}/x`);
  const covers = page.locator('.media-header .cover img');
  await expect(covers).toHaveCount(4);
  expect(await covers.evaluateAll((images) => images.map((img) => img.getAttribute('src')))).toEqual(openers.map((o) => o.image));
  await expect(page.locator('.media-header .cover-placeholder')).toHaveCount(0);

  await page.goto(`/playlist/${singleId}/x`);
  await expect(page.locator('.media-header .cover img')).toHaveCount(1);
  await expect(page.locator('.media-header .cover img')).toHaveAttribute('src', openers[0].image);

  await page.goto('/library/playlists');
  const card = page.locator('.media-card').filter({ hasText: 'Four albums' });
  await expect(card.locator('.cover img')).toHaveCount(4);
  await expect(card.locator('.cover-placeholder')).toHaveCount(0);
});

test("a playlist's Play button sits with its other actions", async ({ page }) => {
  await newListener(page, 'actions');
  const [opener] = await albumOpeners(page, [1]);
  const playlistId = await playlistWith(page, 'Actions', [opener.trackId]);
  await page.goto(`/playlist/${playlistId}/x`);
  const play = await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).boundingBox();
  const edit = await page.getByRole('main').getByRole('button', { name: 'Edit', exact: true }).boundingBox();
  expect(Math.abs(play!.y + play!.height / 2 - (edit!.y + edit!.height / 2))).toBeLessThan(4);
  expect(play!.x).toBeLessThan(edit!.x);
});

test('counts of one are singular: 1 track, 1 item', async ({ page }) => {
  await newListener(page, 'singular');
  const [opener] = await albumOpeners(page, [1]);
  const playlistId = await playlistWith(page, 'Singular', [opener.trackId]);
  await page.goto(`/playlist/${playlistId}/x`);
  await expect(page.locator('.media-header .meta')).toContainText('1 track,');
  expect((await apiCall(page.request, 'PUT', '/api/v1/users/me/likes/album/1', {})).ok()).toBe(true);
  await page.goto('/library/albums');
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  expect((await apiCall(page.request, 'PUT', '/api/v1/users/me/likes/album/2', {})).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('2 items', { exact: true })).toBeVisible();
});

test('no hydration error on client navigation while something plays, nor on a cached page seen hours later', async ({ page }) => {
  const errors = pageErrors(page);
  await newListener(page, 'hydration');
  const openers = await albumOpeners(page, [1, 2]);
  const playlistId = await playlistWith(page, 'Hydration', openers.map((o) => o.trackId));
  await page.goto(`/playlist/${playlistId}/x`);
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Pause', exact: true }).first()).toBeVisible();

  // Away and back by links, as a listener clicks: the islands hydrate while the track plays.
  await page.locator('.sidebar').getByRole('link', { name: 'Playlists' }).click();
  await expect(page).toHaveURL('/library/playlists');
  await page.locator('main .media-card').filter({ hasText: 'Hydration' }).locator('.title a').click();
  await expect(page).toHaveURL(new RegExp(`/playlist/${playlistId}/`));
  await expect(page.locator('.track-table tbody tr.active')).toHaveCount(1);
  await page.locator('.media-header .meta a').first().click();
  await expect(page).toHaveURL(/\/user\/\d+\//);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/playlist/${playlistId}/`));
  await expect(page.locator('.track-table tbody tr.active')).toHaveCount(1);
  expect(errors).toEqual([]);

  // A comment's "n minutes ago" is computed again in the browser, hours after the server wrote it.
  expect((await apiCall(page.request, 'POST', `/api/v1/tracks/${openers[1].trackId}/comments`, { content: 'Lovely' })).ok()).toBe(true);
  const later = await page.context().browser()!.newPage();
  const laterErrors = pageErrors(later);
  await later.clock.install({ time: new Date(Date.now() + 3 * 3600_000) });
  await later.goto(`/track/${openers[1].trackId}/x`);
  await expect(later.getByTestId('comment').first()).toContainText('3 hours ago');
  expect(laterErrors).toEqual([]);
  await later.close();
});

test('at 360 px the bottom bar has icons and now playing opens at its top', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/track/1/x');
  const links = page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link');
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) {
    const icon = await link.locator('svg').boundingBox();
    expect(icon?.width).toBeGreaterThanOrEqual(20);
  }

  // The first track of every demo album has synced lyrics, which follow the music.
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: /now playing/i }).first().click();
  const cover = page.locator('#now-playing .now-playing-cover');
  await expect(cover).toBeVisible();
  await expect(page.getByTestId('synced-lyrics').locator('li.active')).toHaveCount(1);
  await page.waitForTimeout(1000);
  expect(await page.locator('.now-playing-body').evaluate((body) => body.scrollTop)).toBe(0);
  const box = await cover.boundingBox();
  const header = await page.locator('#now-playing .player-panel-header').boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test('the token name field looks like the other fields of account settings', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/account-settings#developers');
  const style = (selector: string) =>
    page.locator(selector).evaluate((input) => {
      const css = getComputedStyle(input);
      return { height: css.height, padding: css.paddingLeft, border: css.borderTopColor, radius: css.borderTopLeftRadius, background: css.backgroundColor };
    });
  expect(await style('#token-name')).toEqual(await style('#details-name'));
});

test('home carousels scroll with previous and next buttons, which hide when there is nothing to scroll', async ({ page }) => {
  await page.goto('/');
  const region = page.getByRole('region', { name: 'New releases' });
  const row = region.locator('.card-row');
  const previous = region.getByRole('button', { name: 'Previous' });
  const next = region.getByRole('button', { name: 'Next' });
  await expect(next).toBeVisible();
  await expect(previous).toBeHidden();

  await next.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  await expect(previous).toBeVisible();
  await previous.click();
  await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(previous).toBeHidden();

  // Scrolled to its end, a carousel has no next; wide enough to show everything, it has no buttons.
  await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await expect(next).toBeHidden();
  await expect(previous).toBeVisible();
  await page.setViewportSize({ width: 4000, height: 900 });
  await expect(previous).toBeHidden();
  await expect(next).toBeHidden();
});

test("a genre page shows the genre's albums and artists as well as its tracks", async ({ page }) => {
  await page.goto('/genre/jazz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jazz');
  const jazz = await page.request.get('/api/v1/channel/genre?restriction=jazz&perPage=50');
  const tracks = (await jazz.json()).channel.content.data as { album: { name: string } | null; artists: { name: string }[] }[];
  const albums = page.getByRole('region', { name: 'Albums' });
  await expect(albums.locator('.media-card').first()).toBeVisible();
  for (const title of await albums.locator('.media-card .title').allTextContents()) expect(tracks.some((t) => t.album?.name === title.trim())).toBe(true);
  const artists = page.getByRole('region', { name: 'Artists' });
  await expect(artists.locator('.media-card').first()).toBeVisible();
  for (const name of await artists.locator('.media-card .title').allTextContents()) expect(tracks.some((t) => t.artists.some((a) => a.name === name.trim()))).toBe(true);
  await expect(page.locator('.track-table tbody tr').first()).toBeVisible();
});
