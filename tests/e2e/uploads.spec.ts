import { expect, test, type Page } from '@playwright/test';
import { taggedMp3, pngImage } from '@app/api/testing-audio';
import { E2E_ADMIN } from '../support/constants.ts';

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Upload' })).toBeVisible();
}

const stamp = Date.now().toString(36);
const files = [
  {
    name: `01 First Light ${stamp}.mp3`,
    mimeType: 'audio/mpeg',
    buffer: Buffer.from(taggedMp3({ title: `First Light ${stamp}`, artists: [`Harbor Echo ${stamp}`], album: `Tidal ${stamp}`, track: '1/3', genre: 'Dream Pop', year: '2024', cover: { mime: 'image/png', data: pngImage(64, [30, 90, 200]) } }, 3, 330)),
  },
  {
    name: `02 Undertow ${stamp}.mp3`,
    mimeType: 'audio/mpeg',
    // Past the 4 MB threshold (room left in the tag), so it travels as a resumable tus upload.
    buffer: Buffer.from(taggedMp3({ title: `Undertow ${stamp}`, artists: [`Harbor Echo ${stamp}`, `Mira Sol ${stamp}`], album: `Tidal ${stamp}`, track: '2/3', genre: 'Dream Pop', padding: 4.5 * 1024 * 1024 }, 3, 440)),
  },
  {
    name: `b-side ${stamp}.mp3`,
    mimeType: 'audio/mpeg',
    buffer: Buffer.from(taggedMp3({ title: `Lantern ${stamp}`, artists: [`Quiet Coast ${stamp}`], track: '7', genre: 'Folk' }, 2, 520)),
  },
];

test('uploading three audio files and seeing tracks created from their tags', async ({ page, baseURL }) => {
  // In the s3 project (direct uploads on) the browser PUTs the files to the bucket itself.
  const sentToBucket: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && !request.url().startsWith(baseURL!)) sentToBucket.push(request.url());
  });
  await logIn(page);
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/admin\/upload$/);
  await expect(page.getByText('Audio files, up to 200 MB each')).toBeVisible();

  // A text file is refused with the spec's message; .DS_Store is skipped by the picker without a word.
  const picker = page.locator('input.uppy-Dashboard-input').first();
  await picker.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') }]);
  await expect(page.getByText('This file type is not allowed').first()).toBeVisible();
  await picker.setInputFiles([...files, { name: '.DS_Store', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 0, 0, 1]) }]);

  const review = page.getByTestId('upload-review');
  await expect(review.getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: 'Upload 3 files' }).click();
  await expect(review.locator('tr[data-status="completed"]')).toHaveCount(3, { timeout: 30_000 });
  expect(sentToBucket).toHaveLength(test.info().project.name === 's3' ? 3 : 0);

  const first = review.getByRole('row', { name: new RegExp(`01 First Light ${stamp}`) });
  await expect(first.getByRole('textbox', { name: /^Title/ })).toHaveValue(`First Light ${stamp}`);
  await expect(first).toContainText(`Harbor Echo ${stamp}`);
  await expect(first).toContainText(`Tidal ${stamp}`);
  await expect(first).toContainText('Dream Pop');
  await expect(first.getByRole('spinbutton')).toHaveValue('1');
  await expect(first.locator('img')).toHaveAttribute('src', /^\/uploads\/cover-.+\.png$/);

  const second = review.getByRole('row', { name: new RegExp(`02 Undertow ${stamp}`) });
  await expect(second.getByRole('textbox', { name: /^Title/ })).toHaveValue(`Undertow ${stamp}`);
  await expect(second).toContainText(`Harbor Echo ${stamp}, Mira Sol ${stamp}`);
  await expect(second).toContainText(`Tidal ${stamp}`);

  // No album tag: a single named after the track.
  const third = review.getByRole('row', { name: new RegExp(`b-side ${stamp}`) });
  await expect(third.getByRole('textbox', { name: /^Title/ })).toHaveValue(`Lantern ${stamp}`);
  await expect(third).toContainText(`Quiet Coast ${stamp}`);

  // Fixing what the tags got wrong, in place.
  const title = third.getByRole('textbox', { name: /^Title/ });
  await title.fill(`Lantern (Acoustic) ${stamp}`);
  await title.press('Tab');
  await expect(page.getByText('Track updated')).toBeVisible();

  // The tracks are in the catalog, with their artists and one shared album.
  const list = await page.request.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}&sort=${encodeURIComponent('["name","ASC"]')}`);
  const tracks = await list.json();
  expect(tracks.map((t: { name: string }) => t.name)).toEqual([`First Light ${stamp}`, `Lantern (Acoustic) ${stamp}`, `Undertow ${stamp}`]);
  expect(tracks[0].album_id).toBe(tracks[2].album_id);
  expect(tracks[2].artist_ids).toHaveLength(2);

  // And they play: the stored audio streams back byte for byte.
  const stream = await page.request.get(`/api/v1/tracks/${tracks[2].id}/stream`);
  expect(Buffer.from(await stream.body()).equals(files[1].buffer)).toBe(true);

  await first.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tracks/${tracks[0].id}$`));
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`First Light ${stamp}`);
});

test('an admin browses uploaded files, previews and deletes them', async ({ page }) => {
  await logIn(page);
  await page.getByRole('menuitem', { name: 'Files' }).click();
  await expect(page).toHaveURL(/\/admin\/files/);
  await page.getByPlaceholder('Search').fill(stamp);
  // Three audio files and the album cover taken from the first one's tags.
  const rows = page.getByRole('row', { name: new RegExp(stamp) });
  await expect(rows).toHaveCount(4);
  await expect(page.getByRole('row', { name: new RegExp(`Undertow ${stamp}`) }).locator('audio')).toHaveAttribute('src', /\/api\/v1\/file-entries\/\d+\/preview$/);
  await expect(page.getByRole('row', { name: new RegExp(`Tidal ${stamp} cover`) }).locator('img')).toHaveAttribute('src', /^\/uploads\/cover-/);

  // A click that lands while the list refetches for the search is lost with the old rows: click again.
  const showPage = /\/admin\/files\/\d+\/show$/;
  await expect(async () => {
    if (!showPage.test(page.url())) await page.getByRole('row', { name: new RegExp(`b-side ${stamp}`) }).getByText(`b-side ${stamp}.mp3`).click({ timeout: 2_000 });
    await expect(page).toHaveURL(showPage, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The list's players leave the page a moment after the address changes.
  const preview = page.locator('audio');
  await expect(preview).toHaveCount(1);
  const src = await preview.getAttribute('src');
  const bytes = await page.request.get(src!);
  expect(bytes.headers()['content-type']).toBe('audio/mpeg');
  expect(Buffer.from(await bytes.body()).equals(files[2].buffer)).toBe(true);

  // Back to the list through the menu: the row's click may leave two history entries for the file.
  await page.getByRole('menuitem', { name: 'Files' }).click();
  await expect(page).toHaveURL(/\/admin\/files(\?|$)/);
  await page.getByPlaceholder('Search').fill(stamp);
  await expect(rows).toHaveCount(4);
  await page.getByRole('row', { name: new RegExp(`01 First Light ${stamp}`) }).getByRole('checkbox').check();
  await page.getByRole('row', { name: new RegExp(`02 Undertow ${stamp}`) }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row', { name: new RegExp(stamp) })).toHaveCount(2);
  expect((await page.request.get(src!)).status()).toBe(200);
  // The deleted files' bytes are gone too: their tracks no longer have audio.
  const list = await page.request.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ q: `First Light ${stamp}` }))}`);
  const [track] = await list.json();
  expect(track.file_entry_id).toBeNull();
});
