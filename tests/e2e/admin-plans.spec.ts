import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../support/constants.ts';

test('an admin creates a plan with two prices in the back office and the pricing call lists it', async ({ page, request }) => {
  const name = `Duo ${Date.now()}`;
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('count-tracks')).toHaveText('300');

  await page.getByRole('menuitem', { name: 'Plans' }).click();
  await expect(page.getByRole('link', { name: 'Create' })).toBeVisible();
  // The spec's address for a new plan.
  await page.goto('/admin/plans/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Two accounts, one bill');
  await page.getByRole('switch', { name: 'Recommended' }).check();

  const features = page.locator('.ra-input-feature_list');
  for (const feature of ['Two accounts', 'No ads']) {
    await features.getByRole('button', { name: 'Add' }).click();
    await features.getByRole('textbox', { name: 'Feature' }).last().fill(feature);
  }

  const prices = page.locator('.ra-input-prices');
  const addPrice = async (amount: string, currency: string, interval: 'Month' | 'Year') => {
    await prices.getByRole('button', { name: 'Add' }).click();
    const row = prices.locator('.RaSimpleFormIterator-line').last();
    await row.getByRole('spinbutton', { name: 'Amount (cents)' }).fill(amount);
    await row.getByRole('textbox', { name: 'Currency' }).fill(currency);
    await row.getByRole('combobox', { name: 'Every' }).click();
    await page.getByRole('option', { name: interval, exact: true }).click();
  };
  await addPrice('1499', 'usd', 'Month');
  // A year billed as 2 years is refused in the form before it reaches the server.
  await addPrice('14990', 'USD', 'Year');
  const yearCount = prices.locator('.RaSimpleFormIterator-line').last().getByRole('spinbutton', { name: 'Interval count' });
  await yearCount.fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('At most 1 year.')).toBeVisible();
  await yearCount.fill('1');
  await page.getByRole('button', { name: 'Save' }).click();

  // Back on the list, the plan shows its prices.
  await expect(page).toHaveURL(/\/admin\/plans(\?.*)?$/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('14.99 USD / month, 149.90 USD / year');

  // The public pricing call, as a visitor (the request fixture has no cookies).
  const response = await request.get('/api/v1/billing/products');
  expect(response.status()).toBe(200);
  const { pagination } = await response.json();
  const plan = pagination.data.find((p: { name: string }) => p.name === name);
  expect(plan).toMatchObject({
    description: 'Two accounts, one bill',
    recommended: true,
    free: false,
    feature_list: ['Two accounts', 'No ads'],
    prices: [
      { amount: 1499, currency: 'USD', interval: 'month', interval_count: 1 },
      { amount: 14990, currency: 'USD', interval: 'year', interval_count: 1 },
    ],
  });

  // Opened again at the spec's address, plans/{productId}/edit, then hidden: the call drops it.
  await page.goto(`/admin/plans/${plan.id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await page.getByRole('switch', { name: 'Hidden from the pricing page' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/plans(\?.*)?$/);
  const after = await (await request.get('/api/v1/billing/products')).json();
  expect(after.pagination.data.map((p: { name: string }) => p.name)).not.toContain(name);
});
