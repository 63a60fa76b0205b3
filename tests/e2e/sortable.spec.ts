import { expect, test, type Page } from '@playwright/test';
import { apiCall, registerAccount } from '../support/accounts.ts';

// The play queue and playlists share one sortable list: a row's handle picks it up with Space or
// Enter, the arrows move it, Space or Enter drops it and Escape puts it back, with each step
// announced. The move buttons beside it are tested with the queue and the library.

const queueNames = (page: Page) => page.getByTestId('queue-item').locator('.queue-name').allTextContents();
const announced = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();

test('the queue reorders from the keyboard by a row handle, and Escape puts the row back without closing the queue', async ({ page }) => {
  await page.goto('/album/3/x/y');
  const names = await page.locator('tr.track-row .track-name').allTextContents();
  await page.locator('tr.track-row').first().getByRole('button', { name: `Play ${names[0]}` }).click();
  await expect(page.getByTestId('player-track-name')).toHaveText(names[0]);
  const player = page.getByTestId('player');
  await player.getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect.poll(() => queueNames(page)).toEqual(names);

  // The playing track goes two rows down and keeps playing; focus stays on its handle.
  const handle = queue.getByRole('button', { name: `Reorder ${names[0]}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await announced(page, `Picked up ${names[0]} at position 1 of ${names.length}.`);
  await page.keyboard.press('ArrowDown');
  await announced(page, `${names[0]} is over position 2 of ${names.length}.`);
  await page.keyboard.press('ArrowDown');
  await announced(page, `${names[0]} is over position 3 of ${names.length}.`);
  await page.keyboard.press('Space');
  await expect.poll(() => queueNames(page)).toEqual([names[1], names[2], names[0], ...names.slice(3)]);
  await expect(page.getByTestId('queue-item').nth(2)).toHaveAttribute('aria-current', 'true');
  await announced(page, `${names[0]} moved to position 3 of ${names.length}.`);
  await expect(handle).toBeFocused();
  await expect(page.getByTestId('player-track-name')).toHaveText(names[0]);
  expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(false);

  // Enter picks up too; Escape cancels the move and leaves the queue open.
  await queue.getByRole('button', { name: `Reorder ${names[1]}` }).focus();
  await page.keyboard.press('Enter');
  await announced(page, `Picked up ${names[1]} at position 1 of ${names.length}.`);
  await page.keyboard.press('ArrowDown');
  await announced(page, `${names[1]} is over position 2 of ${names.length}.`);
  await page.keyboard.press('Escape');
  await announced(page, `${names[1]} went back to position 1 of ${names.length}.`);
  await expect(queue).toBeVisible();
  expect(await queueNames(page)).toEqual([names[1], names[2], names[0], ...names.slice(3)]);

  // With nothing being dragged, Escape closes the queue as before.
  await page.keyboard.press('Escape');
  await expect(queue).toBeHidden();
});

test('a playlist reorders from the keyboard by a row handle, and the new order is saved', async ({ page }) => {
  await registerAccount(page.request, `sorter-${Date.now()}@example.com`);
  const created = await apiCall(page.request, 'POST', '/api/v1/playlists', { name: 'Sorted' });
  const { playlist } = await created.json();
  expect((await apiCall(page.request, 'POST', `/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [1, 2, 3] })).ok()).toBe(true);

  // The handles are rendered on the server too: hydrating them must not disagree (React #418).
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  await page.goto(`/playlist/${playlist.id}/sorted`);
  const table = page.getByRole('table', { name: 'Sorted' });
  const names = await table.locator('tbody .track-name').allTextContents();
  expect(names).toHaveLength(3);

  // A key pressed before the table's island has hydrated reaches only the server's HTML.
  await expect(table.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
  const handle = table.getByRole('button', { name: `Reorder ${names[0]}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await announced(page, `Picked up ${names[0]} at position 1 of 3.`);
  // Each step is told before the next key, as a screen reader user hears it.
  await page.keyboard.press('ArrowDown');
  await announced(page, `${names[0]} is over position 2 of 3.`);
  await page.keyboard.press('ArrowDown');
  await announced(page, `${names[0]} is over position 3 of 3.`);
  await page.keyboard.press('Enter');
  await expect(table.locator('tbody .track-name')).toHaveText([names[1], names[2], names[0]]);
  await announced(page, `${names[0]} moved to position 3`);
  await expect(handle).toBeFocused();

  await page.reload();
  await expect(page.getByRole('table', { name: 'Sorted' }).locator('tbody .track-name')).toHaveText([names[1], names[2], names[0]]);
  expect(errors).toEqual([]);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a finger drags a queue row by its handle', async ({ page }) => {
    await page.goto('/album/4/x/y');
    const names = await page.locator('tr.track-row .track-name').allTextContents();
    await page.locator('tr.track-row').first().getByRole('button', { name: `Play ${names[0]}` }).click();
    await page.getByTestId('player').getByRole('button', { name: 'Queue' }).click();
    await page.getByRole('button', { name: 'Got it' }).click();
    const items = page.getByTestId('queue-item');
    await expect.poll(() => queueNames(page)).toEqual(names);

    // The first row's handle, dragged by touch to the third row.
    const from = (await items.first().locator('.drag-handle').boundingBox())!;
    const to = (await items.nth(2).boundingBox())!;
    const x = from.x + from.width / 2;
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from.y + from.height / 2 }] });
    for (let step = 1; step <= 10; step++) {
      const y = from.y + from.height / 2 + ((to.y + to.height / 2 - from.y - from.height / 2) * step) / 10;
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => queueNames(page)).toEqual([names[1], names[2], names[0], ...names.slice(3)]);
  });
});
