import { expect, test } from '@playwright/test';

test('a visitor registers, lands in the app logged in, switches to dark mode and logs out', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Create a new account' })).toBeVisible();

  const email = `listener-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByLabel('Confirm password').fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  const menu = page.getByTestId('user-menu');
  await expect(menu).toContainText(email.split('@')[0]);
  await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0);

  // Theme switch from the account menu, kept in the be-active-theme cookie.
  const startsDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await menu.click();
  await page.getByRole('menuitem', { name: startsDark ? 'Light mode' : 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(startsDark ? /^(?!.*dark)/ : /dark/);
  expect((await context.cookies()).find((c) => c.name === 'be-active-theme')?.value).toMatch(/^\d+$/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(startsDark ? /^(?!.*dark)/ : /dark/);

  // The menu works from the keyboard and closes with Escape.
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menu).toBeFocused();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('register prefills a locked email from ?email= and greets visitors coming from pricing', async ({ page }) => {
  await page.goto('/register?email=invited%40example.com&redirectFrom=pricing');
  await expect(page.getByRole('heading', { name: "First, let's create your account" })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('invited@example.com');
  await expect(page.getByLabel('Email')).toBeDisabled();
});

test('a failed call shows one danger toast that waits while hovered', async ({ page }) => {
  // The browser's clock is moved forward over the toast's 8 s instead of waiting for them.
  await page.clock.install();
  await page.goto('/login');
  // A password larger than the server's body limit: refused with 413 and no field to show it on.
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password').fill('x'.repeat(1_100_000));
  await page.getByRole('button', { name: 'Continue' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveClass(/danger/);
  await expect(toast).toContainText('The request body is too large');
  await toast.hover();
  await page.clock.runFor(9000);
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(9000);
  await expect(toast).toBeHidden({ timeout: 10_000 });
});

test('a slow navigation shows the top progress bar, a fast one does not', async ({ page }) => {
  await page.goto('/');
  // The artist's page is held back until the bar shows: a navigation as slow as it takes.
  let answer!: () => void;
  const shown = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/artist/**', async (route) => {
    await shown;
    await route.continue();
  });
  const bar = page.locator('#nav-progress');
  const navigation = page.locator('.media-card.round a').first().click();
  await expect(bar).toHaveClass(/active/);
  answer();
  await navigation;
  await expect(page).toHaveURL(/\/artist\//);
  await expect(bar).not.toHaveClass(/active/, { timeout: 5000 });
});

test('a plan picked before having an account leads to its checkout after logging in', async ({ page }) => {
  const email = `onboarding-${Date.now()}@example.com`;
  await page.goto('/register?redirectFrom=pricing');
  await page.evaluate(() => localStorage.setItem('be.onboarding.selected', JSON.stringify({ productId: 2, priceId: 5 })));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('onboarding-pass');
  await page.getByLabel('Confirm password').fill('onboarding-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/checkout/2/5');
  expect(await page.evaluate(() => localStorage.getItem('be.onboarding.selected'))).toBeNull();
});
