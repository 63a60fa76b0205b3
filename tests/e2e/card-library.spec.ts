import { expect, test } from '@playwright/test';
import { apiCall, registerAccount } from '../support/accounts.ts';

test('a listener likes an album from a card on the home page, finds it in the library and on its page, then un-likes it', async ({ page }) => {
  await registerAccount(page.request, `card-liker-${Date.now()}@example.com`);
  await page.goto('/');
  const card = page.getByRole('region', { name: 'New releases' }).locator('.media-card').first();
  const albumName = (await card.locator('.title').textContent())!.trim();
  const albumAddress = (await card.locator('.title a').getAttribute('href'))!;

  await card.hover();
  const heart = card.getByRole('button', { name: `Like ${albumName}` });
  await expect(heart).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByTestId('toast')).toHaveText('Added to your library');
  await expect(card.getByRole('button', { name: `Remove ${albumName} from your library` })).toHaveAttribute('aria-pressed', 'true');

  // The library lists it, with its card's heart pressed once the library has loaded.
  await page.goto('/library/albums');
  const libraryCard = page.locator('.media-card', { has: page.getByRole('link', { name: albumName, exact: true }) });
  await expect(libraryCard).toHaveCount(1);
  await expect(libraryCard.getByRole('button', { name: `Remove ${albumName} from your library` })).toHaveAttribute('aria-pressed', 'true');

  // The album's own page shows the same state.
  await page.goto(albumAddress);
  await expect(page.getByTestId(`like-album-${albumAddress.split('/')[2]}`)).toHaveAttribute('aria-pressed', 'true');

  // Back home, from the keyboard this time: the card says it is liked, and un-likes it.
  await page.goto('/');
  const pressed = card.getByRole('button', { name: `Remove ${albumName} from your library` });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await pressed.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toHaveText('Removed from your library');
  await expect(card.getByRole('button', { name: `Like ${albumName}` })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/library/albums');
  await expect(page.getByText('0 items')).toBeVisible();
  await expect(page.getByRole('link', { name: albumName, exact: true })).toHaveCount(0);
});

test('an artist followed from a card shows in the library, and nobody gets a follow button for themselves', async ({ page }) => {
  await registerAccount(page.request, `card-follower-${Date.now()}@example.com`);
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Popular artists' }).locator('.media-card').first();
  const artistName = (await card.locator('.title').textContent())!.trim();
  await card.hover();
  await card.getByRole('button', { name: `Follow ${artistName}` }).click();
  await expect(card.getByRole('button', { name: `Unfollow ${artistName}` })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/library/artists');
  await expect(page.locator('.media-card').getByRole('button', { name: `Unfollow ${artistName}` })).toHaveAttribute('aria-pressed', 'true');

  // Playlists the listener made carry no follow button on their cards.
  expect((await apiCall(page.request, 'POST', '/api/v1/playlists', { name: 'Mine' })).ok()).toBe(true);
  await page.goto('/library/playlists');
  const mine = page.locator('.media-card', { has: page.getByRole('link', { name: 'Mine', exact: true }) });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('button', { name: 'Play Mine' })).toBeAttached();
  await expect(mine.locator('button[data-library-kind]')).toBeHidden();
});

test('a guest pressing a heart on a card is asked to log in', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'New releases' }).locator('.media-card').first();
  const albumName = (await card.locator('.title').textContent())!.trim();
  await card.hover();
  await card.getByRole('button', { name: `Like ${albumName}` }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
});
