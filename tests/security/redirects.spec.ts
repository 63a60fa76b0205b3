import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_PORT } from '../support/constants.ts';
import { setE2eSettings } from '../support/database.ts';

const baseURL = `http://localhost:${E2E_PORT}`;

/** Where the server sends this request, without following it. */
async function redirectOf(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location };
}

/** `?redirect=` values an attacker puts in a login link to send people elsewhere once logged in. */
const HOSTILE = {
  tab: '/\t/evil.com',
  newline: '/\n/evil.com',
  'carriage return': '/\r/evil.com',
  backslash: '\\\\evil.com',
  'slash backslash': '/\\evil.com',
  'protocol-relative': '//evil.com',
  'absolute URL': 'https://evil.com/',
  'double-encoded slashes': '%2F%2Fevil.com',
  'javascript: URL': 'javascript:alert(document.domain)',
};

test.describe('a logged-in user following a login link', () => {
  let user: APIRequestContext;
  test.beforeAll(async () => {
    user = await playwrightRequest.newContext({ baseURL });
    await registerAccount(user, `redirects-${Date.now()}@example.com`);
  });
  test.afterAll(() => user.dispose());

  for (const [name, value] of Object.entries(HOSTILE)) {
    test(`stays on the site when ?redirect= holds a ${name}`, async () => {
      // The raw query as an attacker writes it: every byte encoded, so the server sees exactly `value`.
      expect(await redirectOf(user, `/login?redirect=${encodeURIComponent(value)}`)).toEqual({ status: 302, location: '/' });
    });
  }

  test('goes to a path of the site, query and fragment kept', async () => {
    expect(await redirectOf(user, `/login?redirect=${encodeURIComponent('/album/1/x?y=1#z')}`)).toEqual({ status: 302, location: '/album/1/x?y=1#z' });
  });
});

test('a malformed encoding in a page address is sent to the canonical address, never a 500', async ({ request }) => {
  for (const [path, canonical] of [
    ['/album/1/x/%E0%A4%A', '/album/1/'],
    ['/track/1/%E0%A4%A', '/track/1/'],
    ['/playlist/1/%E0%A4%A', '/playlist/1/'],
    ['/user/1/%E0%A4%A', '/user/1/'],
    ['/radio/track/1/%E0%A4%A', '/radio/track/1/'],
  ]) {
    const { status, location } = await redirectOf(request, path);
    expect({ path, status, canonical: location?.startsWith(canonical) }).toEqual({ path, status: 301, canonical: true });
  }
});

test('after logging in through the form, a hostile ?redirect= still lands on the site', async ({ page }) => {
  const email = `redirects-form-${Date.now()}@example.com`;
  const signup = await playwrightRequest.newContext({ baseURL });
  await registerAccount(signup, email);
  await signup.dispose();
  // Had the browser left, it would land here instead of failing on a missing DNS name.
  await page.route((url) => url.hostname === 'evil.com', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>evil</h1>' }));

  await page.goto(`/login?redirect=${encodeURIComponent(HOSTILE.tab)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(baseURL);
});

test.describe('/notifications/settings', () => {
  test.afterEach(() => setE2eSettings({ 'notif.subs.integrated': true }));

  test('sends visitors to log in and, without notification subscriptions, users home', async ({ request }) => {
    expect(await redirectOf(request, '/notifications/settings')).toEqual({ status: 302, location: '/login?redirect=%2Fnotifications%2Fsettings' });
    await registerAccount(request, `redirects-notifications-${Date.now()}@example.com`);
    expect((await redirectOf(request, '/notifications/settings')).status).toBe(200);
    await setE2eSettings({ 'notif.subs.integrated': false });
    expect(await redirectOf(request, '/notifications/settings')).toEqual({ status: 302, location: '/' });
  });
});

test.describe('/api-docs without the api.access permission', () => {
  test.afterEach(() => setE2eSettings({ 'billing.enable': false }));

  test('sends visitors to log in, and users to /pricing while billing is on, else to the not-found page', async ({ request }) => {
    expect(await redirectOf(request, '/api-docs')).toEqual({ status: 302, location: '/login?redirect=%2Fapi-docs' });
    await registerAccount(request, `redirects-docs-${Date.now()}@example.com`);
    expect(await redirectOf(request, '/api-docs')).toEqual({ status: 302, location: '/404' });
    await setE2eSettings({ 'billing.enable': true });
    expect(await redirectOf(request, '/api-docs')).toEqual({ status: 302, location: '/pricing' });
  });
});

test('every auth page sends a logged-in user to the post-login destination', async ({ request }) => {
  const authPages = ['/register', '/login', '/forgot-password', '/password/reset/some-token', '/workspace/join/register', '/workspace/join/register?invite_id='];
  await logInAsAdmin(request);
  for (const path of authPages) expect({ path, ...(await redirectOf(request, path)) }).toEqual({ path, status: 302, location: '/admin' });
  // An invitation link opened while logged in is answered on the join page.
  expect(await redirectOf(request, '/workspace/join/register?invite_id=abc123')).toEqual({ status: 302, location: '/workspace/join/login?invite_id=abc123' });

  const user = await playwrightRequest.newContext({ baseURL });
  await registerAccount(user, `redirects-auth-${Date.now()}@example.com`);
  for (const path of authPages) expect({ path, ...(await redirectOf(user, path)) }).toEqual({ path, status: 302, location: '/' });
  await user.dispose();
});
