import { pngImage } from '@app/api/testing';
import { expect, test, type Page } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { approveOpenRequest, openBackstageRequestAsAdmin } from '../support/backstage.ts';
import { E2E_SMTP_PORT } from '../support/constants.ts';
import { startMailServer } from '../support/smtp.ts';

let mail: Awaited<ReturnType<typeof startMailServer>>;
test.beforeAll(async () => {
  mail = await startMailServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await mail.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The admin sees the proof before approving. */
async function adminApproves(page: Page, artistName: string) {
  await openBackstageRequestAsAdmin(page, artistName);
  await expect(page.getByRole('link', { name: 'https://social.example.com/@e2e' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the proof file' })).toBeVisible();
  await approveOpenRequest(page);
}

test('a listener becomes an artist: request with proof, admin approval, mail, Backstage menu and verified badge', async ({ page, browser }) => {
  const email = `new-artist-${Date.now()}@example.com`;
  const artistName = `Night Owls ${Date.now()}`;
  await registerAccount(page.request, email);

  // A phone-sized screen: the form must fit without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/become-artist');
  await expect(page).toHaveURL('/backstage/requests/verify-artist');
  await expect(page.getByRole('heading', { level: 1, name: 'Become an artist' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const form = page.getByTestId('verify-artist-form');
  await form.getByLabel('Artist name').fill(artistName);
  await form.getByLabel('You are').selectOption('artist');
  await form.getByLabel('Profile image').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: Buffer.from(pngImage(32)) });
  await expect(form.locator('img.backstage-image-preview')).toHaveAttribute('src', /^\/uploads\//);
  await form.getByLabel('Link 1').fill('https://nightowls.example.com');

  // Sending without a proof says what is missing, on the form.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByRole('alert')).toHaveText('Add a proof of identity: a file or a link to a social profile.');

  // A page is not a proof: refused by the upload rules, at once.
  await form.getByLabel('Or a document').setInputFiles({ name: 'proof.html', mimeType: 'text/html', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(form.getByRole('alert')).toHaveText('This file type is not allowed');
  await form.getByLabel('Or a document').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByText('Uploaded: contract.pdf')).toBeVisible();
  await form.getByLabel('Social profile').fill('https://social.example.com/@e2e');
  await form.getByRole('button', { name: 'Send request' }).click();

  await expect(page).toHaveURL(/\/backstage\/requests\/\d+\/request-submitted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
  await expect(page.getByTestId('request-submitted')).toContainText(`We received your request for ${artistName}.`);
  await expect(page.getByTestId('request-submitted').locator('.status-badge')).toHaveText('Pending');

  await page.getByRole('link', { name: 'See your requests' }).click();
  await expect(page.getByTestId('backstage-requests').getByRole('listitem').filter({ hasText: artistName })).toContainText('Pending');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Backstage' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const before = mail.inbox.length;
  const adminContext = await browser.newContext();
  try {
    await adminApproves(await adminContext.newPage(), artistName);
  } finally {
    await adminContext.close();
  }

  const message = await mail.waitFor(email, before);
  expect(message.subject).toBe(`You are now ${artistName} on Cadence`);
  const artistLink = /(http:\/\/localhost:\d+\/artist\/\d+)/.exec(message.text!)![1];

  await page.goto('/backstage/requests');
  await expect(page.getByTestId('backstage-requests').getByRole('listitem').filter({ hasText: artistName })).toContainText('Approved');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Backstage' })).toHaveAttribute('href', '/backstage/upload');

  await page.goto(new URL(artistLink).pathname);
  await expect(page.getByRole('heading', { level: 1, name: artistName })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verified artist' })).toBeVisible();
});

test('claiming: a verified artist cannot be claimed, an unverified one goes to the form with its name', async ({ page }) => {
  await registerAccount(page.request, `claimer-${Date.now()}@example.com`);
  // Two artists of the demo catalogue: Aurora Vale comes verified, Solenne does not.
  const find = async (name: string) =>
    ((await (await page.request.get(`/api/v1/search?query=${encodeURIComponent(name)}&types=artist`)).json()).results.artists as { id: number; name: string; verified: boolean }[]).find(
      (artist) => artist.name === name,
    )!;
  const verified = await find('Aurora Vale');
  const unverified = await find('Solenne');
  expect([verified.verified, unverified.verified]).toEqual([true, false]);

  await page.goto('/backstage/requests');
  await page.getByRole('link', { name: 'Claim an artist' }).click();
  await expect(page).toHaveURL('/claim-artist');
  await page.getByLabel('Artist name').fill(verified.name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('list', { name: 'Artists' }).getByRole('listitem').filter({ hasText: verified.name }).first();
  await expect(row).toContainText('Already verified');
  await expect(row.getByRole('link')).toHaveCount(0);

  await page.getByLabel('Artist name').fill(unverified.name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Claim ${unverified.name}` }).first().click();
  await expect(page).toHaveURL(`/backstage/requests/verify-artist?artistId=${unverified.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${unverified.name}` })).toBeVisible();
  await expect(page.getByLabel('Artist name')).toHaveValue(unverified.name);
  await expect(page.getByLabel('Artist name')).toBeDisabled();

  expect((await page.goto('/backstage/requests/verify-artist?artistId=99999999'))!.status()).toBe(404);
  expect((await page.goto('/backstage/requests/99999999/request-submitted'))!.status()).toBe(404);
});

test('visitors are asked to log in first', async ({ page }) => {
  for (const path of ['/become-artist', '/claim-artist', '/backstage/requests', '/backstage/requests/verify-artist']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
  }
});
