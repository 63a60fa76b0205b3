import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';

test('from a track menu and from the player, a listener likes tracks and adds them to a playlist', async ({ page }) => {
  await registerAccount(page.request, `menus-${Date.now()}@example.com`);
  await page.goto('/album/3/x/y');
  const rows = page.locator('tr.track-row');
  const first = (await rows.nth(0).locator('.track-name').textContent())!;
  const second = (await rows.nth(1).locator('.track-name').textContent())!;

  // The row menu: like, then add to a new playlist.
  await rows.nth(0).getByRole('button', { name: `More options for ${first}` }).click();
  await page.getByRole('menuitem', { name: 'Add to liked songs' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Added to your library');
  await rows.nth(0).getByRole('button', { name: `More options for ${first}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Remove from liked songs' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
  await page.getByRole('dialog', { name: 'Add to playlist' }).getByRole('button', { name: 'New playlist' }).click();
  const form = page.getByRole('dialog', { name: 'New playlist' });
  await form.getByLabel('Name').fill('From menus');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Added to From menus');

  // The player: play the second track, like it and add it to the same playlist.
  await rows.nth(1).locator('.row-play').click();
  const player = page.getByTestId('player');
  await expect(player.getByTestId('player-track-name')).toHaveText(second);
  await player.getByRole('button', { name: `Like ${second}` }).click();
  await expect(player.getByRole('button', { name: `Remove ${second} from your library` })).toHaveAttribute('aria-pressed', 'true');
  await player.getByRole('button', { name: `Add ${second} to a playlist` }).click();
  await page.getByRole('dialog', { name: 'Add to playlist' }).getByRole('button', { name: /From menus/ }).click();
  await expect(page.getByTestId('toast')).toHaveText('Added to From menus');

  await page.goto('/library/songs');
  const liked = await page.getByRole('table', { name: 'Liked songs' }).locator('.track-name').allTextContents();
  expect(liked).toEqual(expect.arrayContaining([first, second]));
  await page.goto('/library/playlists');
  await page.getByRole('link', { name: 'From menus' }).click();
  await expect(page.getByRole('table', { name: 'From menus' }).locator('tbody .track-name')).toHaveText([first, second]);
});

test('a radio refills its queue before running out', async ({ page }) => {
  await page.goto('/radio/genre/jazz/x');
  await expect(page).toHaveURL('/radio/genre/jazz/jazz');
  await page.locator('.actions').getByRole('button', { name: 'Play', exact: true }).click();
  const player = page.getByTestId('player');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await player.getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByTestId('queue-item')).toHaveCount(25);
  // Skipping to the last few tracks asks for more, without repeating any.
  await queue.getByTestId('queue-item').nth(23).getByRole('button', { name: /^Play / }).click();
  await expect.poll(() => queue.getByTestId('queue-item').count(), { timeout: 15_000 }).toBeGreaterThan(25);
});

test('the lyrics page follows the playing track', async ({ page }) => {
  await page.goto('/lyrics');
  await expect(page.getByText('Play something to see its lyrics here.')).toBeVisible();
  // The first track of every demo album has synced lyrics.
  await page.goto('/album/4/x/y');
  await page.locator('tr.track-row').first().locator('.row-play').click();
  const name = (await page.locator('tr.track-row').first().locator('.track-name').textContent())!;
  await page.getByRole('link', { name: 'Lyrics' }).first().click();
  await expect(page).toHaveURL('/lyrics');
  await expect(page.getByTestId('lyrics-track')).toHaveText(name);
  const lyrics = page.getByTestId('synced-lyrics');
  await expect(lyrics.getByRole('listitem').first()).toBeVisible();
  await expect(lyrics.locator('[aria-current="true"]')).toHaveCount(1, { timeout: 15_000 });
});
