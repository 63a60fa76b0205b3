import { expect, test, type Page } from '@playwright/test';

const navbarSearch = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search' });

/** The field works as a plain form before its island hydrates; suggestions need the island. */
async function searchReady(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].some((island) => island.querySelector('.search-box') && !island.hasAttribute('ssr')));
}

test('suggestions appear while typing in the navbar, and Enter opens the results page', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/search?')) searches.push(new URL(request.url()).searchParams.get('query')!);
  });
  await page.goto('/');
  await searchReady(page);
  const box = navbarSearch(page);
  await box.pressSequentially('midn', { delay: 30 });

  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: /The Midnight Ferns/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // Typing faster than the debounce does not ask for every keystroke ("mi", "mid", "midn").
  expect(searches.at(-1)).toBe('midn');
  expect(searches.length).toBeLessThan(3);

  await box.press('ArrowDown');
  const first = suggestions.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.press('Enter');
  await expect(page).toHaveURL('/search/midn');
  await expect(page).toHaveTitle('Search results for "midn" - Cadence');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for "midn"' })).toBeVisible();
  await expect(page.locator('.top-result')).toContainText('The Midnight Ferns');
  await expect(page.getByRole('heading', { name: 'Albums' })).toBeVisible();
  await expect(navbarSearch(page)).toHaveValue('midn');

  await page.getByRole('navigation', { name: 'Search results' }).getByRole('link', { name: 'Albums' }).click();
  await expect(page).toHaveURL('/search/midn/albums');
  await expect(page.getByRole('navigation', { name: 'Search results' }).getByRole('link', { name: 'Albums' })).toHaveAttribute('aria-current', 'page');
  const albums = page.locator('main .media-card');
  expect(await albums.count()).toBeGreaterThan(0);
  for (const title of await albums.locator('.title').allTextContents()) expect(title).toMatch(/^Midnight /);

  // The field keeps the query; the down arrow brings its suggestions back.
  await searchReady(page);
  await navbarSearch(page).focus();
  await navbarSearch(page).press('ArrowDown');
  await expect(page.getByRole('option', { name: /The Midnight Ferns/ })).toBeVisible();
});

test('typing on cancels the request in flight, so a slow answer never replaces a newer one', async ({ page }) => {
  await page.goto('/');
  await searchReady(page);
  const cancelled = page.waitForEvent('requestfailed', (request) => request.url().includes('query=ocho'));
  // The first answer is held back until the listener has typed on and its request was cancelled;
  // then it is let go, as a slow server would answer at last.
  let slowAnswer: Promise<void> | undefined;
  await page.route('**/api/v1/search?*', async (route) => {
    if (slowAnswer) return route.continue().catch(() => undefined);
    slowAnswer = cancelled.then(() => route.continue()).catch(() => undefined);
    await slowAnswer;
  });
  const box = navbarSearch(page);
  await box.fill('ocho');
  await page.waitForRequest((request) => request.url().includes('query=ocho'));
  await box.fill('kairo');
  expect((await cancelled).failure()?.errorText).toMatch(/ABORTED/i);
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: /Kairo Blue/ })).toBeVisible();
  await slowAnswer;
  await expect(suggestions).not.toContainText('Ocho Ritmo');
});

test('arrow keys pick a suggestion and Enter opens it', async ({ page }) => {
  await page.goto('/');
  await searchReady(page);
  const box = navbarSearch(page);
  await box.fill('aurora va');
  const option = page.getByRole('option', { name: /Aurora Vale/ });
  await expect(option).toBeVisible();
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/artist\/\d+\/aurora-vale$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Aurora Vale/);
});

test('search operators and symbols give a clean results page, never an error', async ({ page }) => {
  await page.goto('/');
  await searchReady(page);
  const box = navbarSearch(page);
  await box.fill('"*NEAR-');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toContainText('No results for ""*NEAR-"');
  await box.press('Enter');
  await expect(page).toHaveURL(`/search/${encodeURIComponent('"*NEAR-')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for ""*NEAR-"');
  await expect(page.getByRole('heading', { name: 'No results for ""*NEAR-"' })).toBeVisible();

  for (const text of ['a OR b', 'NEAR(a b)', '-', '100%?#/']) {
    const response = await page.goto(`/search/${encodeURIComponent(text)}/tracks`);
    expect(response?.status(), text).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Search results for');
  }
  const long = await page.goto(`/search/${'x'.repeat(10_000)}`);
  expect(long?.status()).toBe(422);
  await expect(page.getByRole('alert')).toHaveText('Search for at most 255 characters.');

  const unknownTab = await page.goto('/search/aurora/songs');
  expect(unknownTab?.status()).toBe(404);
});

test('tracks found are playable and pages follow each other', async ({ page }) => {
  await page.goto('/search/the/tracks');
  const rows = page.locator('tr.track-row');
  await expect(rows).toHaveCount(20);
  const firstName = (await rows.first().locator('.track-name').textContent())!;
  await rows.first().getByRole('button', { name: `Play ${firstName}` }).click();
  await expect(page.getByTestId('player-track-name')).toHaveText(firstName);

  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/search/the/tracks?page=2');
  await expect(page.locator('tr.track-row').first().locator('.track-name')).not.toHaveText(firstName);
  await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible();
});

test('at 360 px the search is a button that leads to a full-width search page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(navbarSearch(page)).toBeHidden();
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search');
  await searchReady(page);
  const box = page.getByRole('main').getByRole('combobox', { name: 'Search' });
  await box.fill('kairo');
  await expect(page.getByRole('option', { name: /Kairo Blue/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await box.press('Enter');
  await expect(page).toHaveURL('/search/kairo');
  await expect(page.locator('.top-result')).toContainText('Kairo Blue');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await context.close();
});
