import { expect, test, type Page } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN } from '../support/constants.ts';

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('count-tracks')).toHaveText('300');
}

test('an admin makes a channel of two hand-picked albums and the site shows it', async ({ page }) => {
  await logIn(page);
  const albums = await (await page.request.get(`/api/admin/albums?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[4,5]')}`)).json();
  const [first, second] = albums as { id: number; name: string }[];

  await page.getByRole('menuitem', { name: 'Channels' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Back office picks');
  await page.getByRole('textbox', { name: 'Address' }).fill('back-office-picks');
  await page.getByRole('combobox', { name: 'Lists' }).click();
  await page.getByRole('option', { name: 'Albums' }).click();

  // Picked in the opposite order, then put right with the arrow buttons.
  for (const album of [second, first]) {
    await page.getByRole('combobox', { name: 'Add albums' }).fill(album.name);
    await page.getByRole('option', { name: album.name, exact: true }).first().click();
  }
  const items = page.getByRole('list', { name: 'Channel items' });
  await expect(items.getByRole('listitem')).toHaveText([`1. ${second.name}`, `2. ${first.name}`]);
  await items.getByRole('button', { name: `Move ${first.name} up` }).click();
  await expect(items.getByRole('listitem')).toHaveText([`1. ${first.name}`, `2. ${second.name}`]);
  await page.getByRole('button', { name: 'Save' }).click();

  // Saved: the edit screen previews what the site will show.
  await expect(page).toHaveURL(/\/admin\/channels\/\d+$/);
  await expect(page.getByTestId('channel-preview').getByRole('listitem')).toHaveText([first.name, second.name]);

  // The spec's address for editing, by slug.
  await page.goto('/admin/channels/back-office-picks/edit');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Back office picks');

  await page.goto('/channel/back-office-picks');
  await expect(page.getByRole('heading', { level: 1, name: 'Back office picks' })).toBeVisible();
  const links = page.locator('main').getByRole('link', { name: new RegExp(`^(${first.name}|${second.name})$`) });
  await expect(links.first()).toHaveText(first.name);
  await expect(page.locator('main').getByRole('link', { name: second.name, exact: true }).first()).toBeVisible();
});

test('an admin deletes a comment in moderation and it is gone from the track page', async ({ page, request }) => {
  await registerAccount(request, `troll-${Date.now()}@example.com`);
  const content = `Buy cheap followers ${Date.now()}`;
  expect((await apiCall(request, 'POST', '/api/v1/tracks/3/comments', { content })).status()).toBe(201);
  await page.goto('/track/3/x');
  await expect(page.getByRole('region', { name: /Comments/ }).getByText(content)).toBeVisible();

  await logIn(page);
  await page.goto('/admin/comments');
  await page.getByPlaceholder('Search').fill('cheap followers');
  const row = page.getByRole('row', { name: new RegExp(content) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toHaveCount(0);

  await page.goto('/track/3/x');
  await expect(page.getByRole('region', { name: /Comments/ })).toBeVisible();
  await expect(page.getByText(content)).toHaveCount(0);
});

test('a custom page made in the back office shows on the site without its script', async ({ page }) => {
  await logIn(page);
  await page.getByRole('menuitem', { name: 'Custom pages' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('House rules');
  await page.getByRole('textbox', { name: 'Address' }).fill('house-rules');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially('Be kind to each other.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/custom-pages$/);
  await expect(page.getByRole('row', { name: /House rules/ })).toBeVisible();

  // HTML that did not come from the editor (an import, a pasted snippet) is cleaned as well.
  await logInAsAdmin(page.request);
  const [created] = await (await page.request.get(`/api/admin/custom-pages?filter=${encodeURIComponent('{"slug":"house-rules"}')}`)).json();
  const saved = await apiCall(page.request, 'PUT', `/api/admin/custom-pages/${created.id}`, {
    body: '<p>Be kind to each other.</p><script>window.pwned = 1</script><p><img src="/favicon.svg" alt="Logo" width="48" height="48" onerror="window.pwned = 2"> <a href="javascript:window.pwned=3">Click</a></p>',
  });
  expect(saved.status()).toBe(200);

  const pwned = () => page.evaluate(() => (window as unknown as { pwned?: number }).pwned);
  for (const address of ['/pages/house-rules', `/pages/${created.id}/house-rules`]) {
    const response = await page.goto(address);
    expect(response!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'House rules' })).toBeVisible();
    await expect(page.getByText('Be kind to each other.')).toBeVisible();
    await expect(page.locator('.custom-page script')).toHaveCount(0);
    await expect(page.locator('.custom-page [onerror]')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
    // The javascript: address is dropped; the words stay.
    await expect(page.locator('.custom-page a', { hasText: 'Click' })).not.toHaveAttribute('href');
    expect(await pwned()).toBeUndefined();
  }
  expect((await page.goto('/pages/no-such-page'))!.status()).toBe(404);
});

test('an admin approves a backstage request made on the site', async ({ page, request }) => {
  const email = `band-${Date.now()}@example.com`;
  await registerAccount(request, email);
  const artistName = `Garage Band ${Date.now()}`;
  expect((await apiCall(request, 'POST', '/api/v1/backstage-requests', { artist_name: artistName, role: 'artist', message: 'Our first EP is ready.', proof_url: 'https://social.example.com/@first-ep' })).status()).toBe(201);

  await logIn(page);
  await page.getByRole('menuitem', { name: 'Backstage requests' }).click();
  await page.getByRole('row', { name: new RegExp(artistName) }).click();
  await expect(page.getByText('Our first EP is ready.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('This request was approved.')).toBeVisible();

  // The user may now upload, and manages the new artist.
  const me = await (await request.get('/api/v1/users/me')).json();
  expect(me.user.permissions.map((p: { name: string }) => p.name)).toContain('music.create');
  const artists = await (await page.request.get(`/api/admin/artists?filter=${encodeURIComponent(JSON.stringify({ q: artistName }))}`)).json();
  expect(artists.map((a: { name: string }) => a.name)).toEqual([artistName]);
});

test('ad code saved in the back office shows in its slot on the site', async ({ page }) => {
  await logIn(page);
  await page.getByRole('menuitem', { name: 'Ads' }).click();
  const slot = page.getByRole('textbox', { name: 'Bottom of artist pages' });
  await slot.fill('<p class="test-ad">Sponsored by the e2e run</p>');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ads saved.')).toBeVisible();
  try {
    await page.goto('/artist/1');
    await expect(page.locator('[data-ad-slot="ads.artist_bottom"] .test-ad')).toHaveText('Sponsored by the e2e run');
    await page.goto('/admin/ads');
    await page.getByLabel('Turn all ads off (the code is kept)').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Ads saved.')).toBeVisible();
    await page.goto('/artist/1');
    await expect(page.locator('[data-ad-slot]')).toHaveCount(0);
  } finally {
    // Other specs share the server: leave no ad behind.
    await logInAsAdmin(page.request);
    await apiCall(page.request, 'PUT', '/api/admin/ads', { 'ads.artist_bottom': '', 'ads.disable': false });
  }
});

test('an admin adds a language and translates a line of the interface', async ({ page }) => {
  await logIn(page);
  await page.getByRole('menuitem', { name: 'Localizations' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Español');
  await page.getByRole('textbox', { name: 'Language code' }).fill('es');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('row', { name: /Español/ }).getByRole('link', { name: 'Translate' }).click();
  await expect(page).toHaveURL(/\/admin\/localizations\/\d+\/translate$/);

  await page.getByRole('searchbox', { name: 'Search lines' }).fill('Page not found');
  await page.getByRole('textbox', { name: 'Page not found', exact: true }).fill('Página no encontrada');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Translations saved.')).toBeVisible();
  await expect(page.getByText(/^1 of \d+ lines translated$/)).toBeVisible();

  const [spanish] = await (await page.request.get(`/api/admin/localizations?filter=${encodeURIComponent('{"language":"es"}')}`)).json();
  const stored = await (await page.request.get(`/api/admin/localizations/${spanish.id}`)).json();
  expect(stored.lines).toEqual({ 'Page not found': 'Página no encontrada' });
});
