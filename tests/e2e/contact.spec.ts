import { expect, test } from '@playwright/test';
import { apiCall, logInAsAdmin } from '../support/accounts.ts';
import { E2E_SMTP_PORT } from '../support/constants.ts';
import { startMailServer } from '../support/smtp.ts';

/** Music spec §2.10 and the site footer: the demo's custom pages, and a contact form that reaches the site's mailbox. */

let mail: Awaited<ReturnType<typeof startMailServer>>;
test.beforeAll(async () => {
  mail = await startMailServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await mail.close();
});

test("a visitor reads the privacy policy from the footer, then writes to the site through the contact page", async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The demo's pages (other tests add pages of their own), by title, then the contact page.
  for (const name of ['About', 'Privacy policy', 'Terms of service']) await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/pages\//);
  await expect(footer.getByRole('link').last()).toHaveText('Contact us');
  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL('/pages/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy policy' }).first()).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Enter your name.');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter your email address.');
  await expect(page.getByLabel('Message')).toHaveAccessibleDescription('Enter a message.');
  await expect(page.getByLabel('Name')).toBeFocused();

  const before = mail.inbox.length;
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.org');
  await page.getByLabel('Message').fill('Do you have <script>alert(1)</script> more big band?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been submitted.' })).toBeVisible();

  const received = mail.inbox.length > before ? mail.inbox[before] : await mail.waitFor('no-reply@localhost', before);
  expect(received.subject).toBe('New message from Grace Hopper via Cadence');
  expect(received.replyTo?.[0]?.address).toBe('grace@example.org');
  expect(received.text).toContain('Do you have <script>alert(1)</script> more big band?');
});

test('the contact page works at 360 px wide, with the footer below the content', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/contact');
  const form = page.locator('form.contact-form');
  await expect(form).toBeVisible();
  const box = await form.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' })).toHaveAttribute('aria-current', 'page');
});

test('a visitor picks a language in the footer when people may choose, and visitors who did not keep the default', async ({ page, browser, request }) => {
  await logInAsAdmin(request);
  const created = await apiCall(request, 'POST', '/api/admin/localizations', { name: 'Français', language: 'fr', lines: { 'Contact us': 'Nous écrire', Language: 'Langue' } });
  expect(created.status()).toBe(201);
  const french = (await created.json()) as { id: number };
  await page.goto('/');
  await expect(page.getByLabel('Language')).toHaveCount(0);
  expect((await apiCall(request, 'PUT', '/api/admin/settings', { 'i18n.enable': true })).status()).toBe(200);
  try {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByLabel('Language')).toHaveValue('en');
    await footer.getByLabel('Language').selectOption('fr');
    await expect(footer.getByRole('link', { name: 'Nous écrire' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Nous écrire' })).toBeVisible();
    await expect(footer.getByLabel('Langue')).toHaveValue('fr');

    // The same address, shared through the page cache, still speaks English to another visitor.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/contact');
      await expect(otherPage.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    } finally {
      await other.close();
    }
  } finally {
    await apiCall(request, 'PUT', '/api/admin/settings', { 'i18n.enable': false });
    await request.delete(`/api/admin/localizations/${french.id}`, { headers: { 'X-XSRF-TOKEN': decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value) } });
  }
});
