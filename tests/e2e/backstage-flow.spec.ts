import { taggedMp3 } from '@app/api/testing-audio';
import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { approveOpenRequest, openBackstageRequestAsAdmin } from '../support/backstage.ts';

/**
 * Issue 12's whole flow in Chromium: a user asks for an artist profile, an admin approves it in the
 * back office, the user uploads two audio files from Backstage, reviews and publishes them, edits
 * the album and opens its insights.
 */
const stamp = Date.now().toString(36);

test('request an artist profile, get approved, upload two files, edit the album, see insights', async ({ page, browser }) => {
  const artistName = `Tide Pool ${stamp}`;
  const album = `Low Water ${stamp}`;
  await registerAccount(page.request, `tide-${stamp}@example.com`);

  await page.goto('/become-artist');
  const form = page.getByTestId('verify-artist-form');
  await form.getByLabel('Artist name').fill(artistName);
  await form.getByLabel('You are').selectOption('artist');
  await form.getByLabel('Social profile').fill('https://social.example.com/@tidepool');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/backstage\/requests\/\d+\/request-submitted$/);

  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await openBackstageRequestAsAdmin(adminPage, artistName);
    await approveOpenRequest(adminPage);
  } finally {
    await adminContext.close();
  }

  // The Backstage entry of the menu now leads to the upload page.
  await page.goto('/');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Backstage' }).click();
  await expect(page).toHaveURL('/backstage/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload music' })).toBeVisible();

  const picker = page.locator('input.uppy-Dashboard-input').first();
  await picker.setInputFiles([
    // Tags naming someone else as the artist: the tracks still go on the uploader's own artist.
    { name: `01 Shore ${stamp}.mp3`, mimeType: 'audio/mpeg', buffer: Buffer.from(taggedMp3({ title: `Shore ${stamp}`, artists: ['Somebody Else'], album, track: '1/2', genre: 'Ambient' }, 2, 330)) },
    { name: `02 Reef ${stamp}.mp3`, mimeType: 'audio/mpeg', buffer: Buffer.from(taggedMp3({ title: `Reef ${stamp}`, artists: ['Somebody Else'], album, track: '2/2' }, 2, 440)) },
  ]);
  await page.getByRole('button', { name: 'Upload 2 files' }).click();
  const reviews = page.getByTestId('review-item');
  await expect(reviews).toHaveCount(2, { timeout: 30_000 });

  // Review: fix the second title, publish both.
  const reef = page.getByTestId('upload-row').filter({ hasText: `02 Reef ${stamp}.mp3` }).getByTestId('review-item');
  await expect(reef.getByLabel('Title')).toHaveValue(`Reef ${stamp}`);
  // The artist hears the draft before publishing it (listeners cannot: see the contract tests).
  const preview = reef.getByLabel(`Listen to Reef ${stamp}`);
  await preview.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
  });
  await expect.poll(() => preview.evaluate((audio: HTMLAudioElement) => audio.currentTime), { message: 'the draft plays' }).toBeGreaterThan(0);
  await reef.getByLabel('Title').fill(`Coral Reef ${stamp}`);
  await reef.getByLabel('Lyrics').fill('Under the water');
  await reef.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Track published')).toBeVisible();
  const shore = page.getByTestId('upload-row').filter({ hasText: `01 Shore ${stamp}.mp3` }).getByTestId('review-item');
  await shore.getByRole('button', { name: 'Publish' }).click();
  await expect(shore).toContainText('Published');

  // The album the tags named, on the uploader's artist: edit it.
  await shore.getByRole('link', { name: album }).click();
  await expect(page).toHaveURL(/\/backstage\/albums\/\d+\/edit$/);
  const editor = page.getByTestId('album-editor');
  await expect(editor.getByTestId('album-track')).toHaveText([new RegExp(`Shore ${stamp}`), new RegExp(`Coral Reef ${stamp}`)]);
  await editor.getByLabel('Release date').fill('2026-07-01');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Album saved')).toBeVisible();

  // A listener sees the published album on the artist's page.
  const albumId = /\/backstage\/albums\/(\d+)\/edit$/.exec(page.url())![1];
  const shown = await (await page.request.get(`/api/v1/albums/${albumId}?with=tracks,artists`)).json();
  expect(shown.album.artists.map((a: { name: string }) => a.name)).toEqual([artistName]);
  expect(shown.album.tracks.map((t: { name: string }) => t.name)).toEqual([`Shore ${stamp}`, `Coral Reef ${stamp}`]);

  await page.goto(`/backstage/albums/${albumId}/insights`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(album);
});
