import { expect, test } from '@playwright/test';
import { apiCall, logInAsAdmin } from '../support/accounts.ts';

/**
 * An attack run saved a custom page whose body held `<p id="be-bootstrap">`: the element came
 * before the site's own bootstrap data block, so scripts looking it up by id read the page's text
 * instead (DOM clobbering). Ids in page content are prefixed, and the site finds its data by more
 * than an id.
 */
test('ids in a custom page cannot stand in for the page bootstrap, and in-page links still work', async ({ page }) => {
  await logInAsAdmin(page.request);
  const body = [
    '<p id="be-bootstrap">{"user":{"id":1}}</p>',
    '<p><a href="#refunds">Refunds</a></p>',
    `<div style="height:3000px">${'<p>filler</p>'.repeat(5)}</div>`,
    '<h2 id="refunds">Refunds</h2>',
  ].join('');
  const created = await apiCall(page.request, 'POST', '/api/admin/custom-pages', { title: 'Clobbered', slug: 'clobbered', body });
  expect(created.ok()).toBe(true);

  await page.context().clearCookies();
  await page.goto('/pages/clobbered');
  await expect(page.getByRole('heading', { name: 'Refunds' })).toBeAttached();
  // Only the site's own script holds the id; the content's copy was renamed.
  expect(await page.evaluate(() => document.getElementById('be-bootstrap')?.tagName)).toBe('SCRIPT');
  expect(await page.locator('#user-content-be-bootstrap').count()).toBe(1);
  // The anchor link follows the renamed heading.
  await page.getByRole('link', { name: 'Refunds' }).click();
  await expect(page).toHaveURL(/#user-content-refunds$/);
  await expect(page.getByRole('heading', { name: 'Refunds' })).toBeInViewport();
});
