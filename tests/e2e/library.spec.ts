import { expect, test, type Page } from '@playwright/test';
import { apiCall, registerAccount } from '../support/accounts.ts';

async function newListener(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now()}@example.com`;
  await registerAccount(page.request, email);
  return email;
}

test('a listener likes a track, makes a playlist from it, reorders and trims it, and finds it all in the library', async ({ page }) => {
  await newListener(page, 'collector');
  await page.goto('/track/1/x');
  const trackName = (await page.getByRole('heading', { level: 1 }).textContent())!;

  await page.getByRole('button', { name: `Like ${trackName}` }).click();
  await expect(page.getByRole('button', { name: `Remove ${trackName} from your library` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('toast')).toHaveText('Added to your library');

  // A new playlist, made from the add-to-playlist dialog, receives the track.
  await page.getByRole('button', { name: `Add ${trackName} to a playlist` }).click();
  await page.getByRole('dialog', { name: 'Add to playlist' }).getByRole('button', { name: 'New playlist' }).click();
  const form = page.getByRole('dialog', { name: 'New playlist' });
  await form.getByLabel('Name').fill('<b>Commute</b>');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Added to <b>Commute</b>');

  await page.goto('/library/songs');
  await expect(page.getByRole('table', { name: 'Liked songs' })).toContainText(trackName);

  await page.goto('/library/playlists');
  await page.getByRole('link', { name: '<b>Commute</b>' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('<b>Commute</b>');
  const table = page.getByRole('table', { name: '<b>Commute</b>' });
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // Two more tracks from an album page, then the order changes from the keyboard and sticks.
  const playlistAddress = page.url();
  const playlistId = Number(playlistAddress.match(/playlist\/(\d+)/)![1]);
  await page.goto('/album/2/x/y');
  const rows = page.locator('.track-table tbody tr');
  const albumTracks = (await rows.locator('.track-name').allTextContents()).slice(0, 2);
  const ids = await rows.evaluateAll((trs) => trs.slice(0, 2).map((tr) => Number(tr.getAttribute('data-track-id'))));
  expect((await apiCall(page.request, 'POST', `/api/v1/playlists/${playlistId}/tracks`, { track_ids: ids })).ok()).toBe(true);
  await page.goto(playlistAddress);
  await expect(table.locator('tbody .track-name')).toHaveText([trackName, ...albumTracks]);

  const moveDown = table.getByRole('button', { name: `Move ${trackName} down` });
  await moveDown.focus();
  await page.keyboard.press('Enter');
  await expect(table.locator('tbody .track-name')).toHaveText([albumTracks[0], trackName, albumTracks[1]]);
  await table.getByRole('button', { name: `Remove ${albumTracks[1]} from this playlist` }).click();
  await expect(table.locator('tbody .track-name')).toHaveText([albumTracks[0], trackName]);
  await page.reload();
  await expect(page.getByRole('table', { name: '<b>Commute</b>' }).locator('tbody .track-name')).toHaveText([albumTracks[0], trackName]);

  // Made private, the playlist disappears for everybody else.
  const address = page.url();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit playlist' });
  await edit.getByLabel('Public: anyone can find and play it').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Private playlist')).toBeVisible();
  const stranger = await page.context().browser()!.newPage();
  const response = await stranger.goto(address);
  expect(response!.status()).toBe(404);
  await stranger.close();
});

test('comments render as text, take replies, and their authors can delete them', async ({ page }) => {
  await newListener(page, 'commenter');
  await page.goto('/track/2/x');
  const comments = page.getByRole('region', { name: /Comments/ });
  await comments.getByLabel('Write a comment').fill('<img src=x onerror="window.pwned=1">Great bass');
  await comments.getByRole('button', { name: 'Post' }).click();
  const comment = comments.getByTestId('comment').first();
  await expect(comment).toContainText('<img src=x onerror="window.pwned=1">Great bass');
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  await comment.getByRole('button', { name: 'Reply' }).click();
  await comments.getByLabel(/Reply to/).fill('Agreed');
  await comments.getByRole('button', { name: 'Post' }).nth(1).click();
  await expect(comment.getByTestId('comment')).toHaveText(/Agreed/);
  await expect(comments.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('region', { name: /Comments/ });
  await expect(reloaded.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  await reloaded.getByTestId('comment').first().getByRole('button', { name: /Delete comment by/ }).first().click();
  await expect(reloaded.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
});

test('the home page is made of channels; a genre opens its own page', async ({ page }) => {
  await page.goto('/');
  for (const name of ['New releases', 'Popular tracks', "Editors' picks", 'Popular artists', 'Genres']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  await page.getByRole('region', { name: 'Genres' }).getByRole('link', { name: 'Jazz', exact: true }).click();
  await expect(page).toHaveURL('/genre/jazz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jazz');
  await expect(page.locator('.track-table tbody tr').first()).toBeVisible();

  await page.goto('/');
  await page.getByRole('link', { name: 'Morning Focus' }).click();
  await expect(page).toHaveURL(/\/playlist\/\d+\/morning-focus$/);
  await page.getByRole('link', { name: 'Cadence Editors' }).click();
  await expect(page).toHaveURL(/\/user\/\d+\/cadence-editors$/);
  await expect(page.getByRole('link', { name: 'Night Drive' })).toBeVisible();
});

test('following people and playlists shows on profiles and in the library', async ({ page }) => {
  await newListener(page, 'follower');
  await page.goto('/playlist/2/x');
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: `Follow ${name}` }).click();
  await expect(page.getByRole('button', { name: `Unfollow ${name}` })).toHaveText('Following');
  // The button turns at once; the server has it once the toast says so (leaving sooner cancels it).
  await expect(page.getByTestId('toast')).toHaveText('Following');
  await page.goto('/library/playlists');
  await expect(page.getByRole('link', { name })).toBeVisible();

  await page.goto('/playlist/2/x');
  await page.locator('.media-header .meta a').first().click();
  await page.getByRole('button', { name: 'Follow Cadence Editors' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Following');
  await page.reload();
  await expect(page.getByRole('link', { name: '1 follower', exact: true })).toBeVisible();
});

test('guests are asked to log in for the library and for liking', async ({ page }) => {
  await page.goto('/library/songs');
  await expect(page).toHaveURL('/login?redirect=%2Flibrary%2Fsongs');
  await page.goto('/track/3/x');
  const trackName = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: `Like ${trackName}` }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftrack%2F3%2F/);
});

test('a radio plays music related to its seed', async ({ page }) => {
  await page.goto('/track/1/x');
  await page.getByRole('link', { name: 'Go to radio' }).click();
  await expect(page).toHaveURL(/\/radio\/track\/1\//);
  await expect(page.locator('.track-table tbody tr')).toHaveCount(25);
  await page.locator('.actions').getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('player').getByRole('button', { name: 'Pause' })).toBeVisible();
});

test('the play button on a card plays the album, the playlist or the artist', async ({ page }) => {
  await page.goto('/');
  const releases = page.getByRole('region', { name: 'New releases' });
  const firstAlbum = (await releases.locator('.media-card .title').first().textContent())!;
  await releases.getByRole('button', { name: `Play ${firstAlbum}` }).click();
  const player = page.getByTestId('player');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.getByRole('link', { name: firstAlbum }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstAlbum);
  const albumFirstTrack = (await page.locator('tr.track-row').first().locator('.track-name').textContent())!;
  await expect(player.getByTestId('player-track-name')).toHaveText(albumFirstTrack);

  // After a page swap (no full load) the buttons still work, from the keyboard too.
  await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Discover' }).click();
  await expect(page).toHaveURL('/');
  const playNightDrive = page.getByRole('region', { name: "Editors' picks" }).getByRole('button', { name: 'Play Night Drive' });
  await playNightDrive.focus();
  await expect(playNightDrive).toBeVisible();
  await expect(playNightDrive).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: 'Night Drive' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Drive');
  const playlistFirst = (await page.locator('tr.track-row').first().locator('.track-name').textContent())!;
  await expect(player.getByTestId('player-track-name')).toHaveText(playlistFirst);
});
