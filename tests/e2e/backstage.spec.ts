import { pngImage } from '@app/api/testing-audio';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { withE2eDatabase } from '../support/database.ts';

/**
 * Backstage (issue 12, points 3 and 4) in Chromium: an artist reorders their album's tracks, sets
 * its cover and release date, and sees the insights chart of their track; another artist cannot
 * open that album's edit page.
 */
const stamp = Date.now().toString(36);

async function created(response: Awaited<ReturnType<typeof apiCall>>): Promise<number> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** Registers a listener in `request`'s cookies and has the admin approve their claim of the artist. */
async function becomeArtist(request: APIRequestContext, admin: APIRequestContext, email: string, artistId: number) {
  await registerAccount(request, email);
  const asked = await apiCall(request, 'POST', '/api/v1/backstage-requests', { artist_id: artistId, role: 'artist', proof_url: 'https://social.example/me' });
  expect(asked.status(), await asked.text()).toBe(201);
  const approved = await apiCall(admin, 'POST', `/api/admin/backstage-requests/${(await asked.json()).request.id}/approve`, {});
  expect(approved.status()).toBe(200);
}

test('an artist edits their album and sees their track insights; another artist cannot open it', async ({ page, request: admin, browser }) => {
  await logInAsAdmin(admin);
  const artistA = await created(await apiCall(admin, 'POST', '/api/admin/artists', { name: `Aurora ${stamp}` }));
  const artistB = await created(await apiCall(admin, 'POST', '/api/admin/artists', { name: `Brass ${stamp}` }));
  const album = await created(await apiCall(admin, 'POST', '/api/admin/albums', { name: `First Light ${stamp}`, artist_ids: [artistA], release_date: '2026-01-10' }));
  const tracks: number[] = [];
  for (const [index, name] of ['Dawn', 'Noon', 'Dusk'].entries()) {
    tracks.push(await created(await apiCall(admin, 'POST', '/api/admin/tracks', { name: `${name} ${stamp}`, number: index + 1, album_id: album, artist_ids: [artistA] })));
  }
  const today = new Date().toISOString();
  await withE2eDatabase((db) => db.insertInto('plays').values([1, 2, 3].map(() => ({ track_id: tracks[0], country: 'FR', device: 'mobile', created_at: today }))).execute());

  await becomeArtist(page.request, admin, `aurora-${stamp}@example.com`, artistA);
  await page.goto(`/backstage/albums/${album}/edit`);
  const editor = page.getByTestId('album-editor');
  await expect(editor.getByRole('heading', { name: 'Tracks' })).toBeVisible();

  // Reorder by keyboard: Dusk moves up twice, the focus staying on its button.
  const up = editor.getByRole('button', { name: `Move Dusk ${stamp} up` });
  await expect(up).toBeEnabled();
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor.getByTestId('album-track')).toHaveText([new RegExp(`Dusk ${stamp}`), new RegExp(`Dawn ${stamp}`), new RegExp(`Noon ${stamp}`)]);

  await editor.getByLabel('Release date').fill('2026-06-05');
  await editor.locator('#album-cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(pngImage(64, [30, 90, 200])) });
  await expect(editor.getByRole('img', { name: 'Cover' })).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Album saved')).toBeVisible();

  await page.reload();
  await expect(editor.getByTestId('album-track')).toHaveText([new RegExp(`Dusk ${stamp}`), new RegExp(`Dawn ${stamp}`), new RegExp(`Noon ${stamp}`)]);
  await expect(editor.getByLabel('Release date')).toHaveValue('2026-06-05');
  await expect(editor.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', /\.png$/);

  await page.goto(`/backstage/tracks/${tracks[0]}/insights`);
  const insights = page.getByTestId('insights');
  await expect(insights.getByTestId('insights-plays')).toHaveText('3');
  await expect(insights.getByTestId('plays-chart').getByRole('img', { name: 'Plays per day' })).toBeVisible();
  await expect(insights.getByRole('row', { name: /FR\s*3/ })).toBeVisible();
  // The chart's numbers are readable as a table too.
  await insights.getByText('Show as a table').click();
  await expect(insights.getByRole('row', { name: new RegExp(`${today.slice(0, 10)}\\s*3`) })).toBeVisible();
  // The artist's own insights, and an address of no kind of music.
  await page.goto(`/backstage/artists/${artistA}/insights`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aurora ${stamp} insights`);
  await expect(page.getByTestId('insights-plays')).toHaveText('3');
  expect((await page.goto(`/backstage/playlists/${album}/insights`))?.status()).toBe(404);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await becomeArtist(otherPage.request, admin, `brass-${stamp}@example.com`, artistB);
    const response = await otherPage.goto(`/backstage/albums/${album}/edit`);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByText("The page you're looking for doesn't exist or was moved.")).toBeVisible();
    await expect(otherPage.getByTestId('album-editor')).toHaveCount(0);
    expect((await otherPage.goto(`/backstage/tracks/${tracks[0]}/insights`))?.status()).toBe(404);
  } finally {
    await other.close();
  }
});
