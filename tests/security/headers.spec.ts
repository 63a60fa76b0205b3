import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { apiCall, logInAsAdmin, registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN, E2E_PORT } from '../support/constants.ts';
import { setE2eSettings } from '../support/database.ts';
import { startOtherSite } from '../support/other-site.ts';

/**
 * Issue 10, point 7: every response carries a Content-Security-Policy, a Permissions-Policy and a
 * Cross-Origin-Resource-Policy, and the real pages run under that policy without a single
 * violation, while a script the server did not write is refused.
 */

/** The directives of a policy, by name. */
function directives(response: APIResponse): Map<string, string[]> {
  const policy = response.headers()['content-security-policy'];
  expect(policy, `${response.url()} has a Content-Security-Policy`).toBeTruthy();
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(response: APIResponse, corp: 'same-origin' | 'cross-origin') {
  const headers = response.headers();
  expect(headers['x-content-type-options'], response.url()).toBe('nosniff');
  expect(headers['referrer-policy'], response.url()).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-resource-policy'], response.url()).toBe(corp);
  const permissions = headers['permissions-policy'] ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'encrypted-media']) {
    expect(permissions, `${response.url()} denies ${feature}`).toContain(`${feature}=()`);
  }
  // The player needs autoplay and the browser's default for it: never switched off.
  expect(permissions).not.toContain('autoplay=()');
  // APP_URL is http:// here: a browser must not be told to insist on https.
  expect(headers['strict-transport-security'], response.url()).toBeUndefined();
}

/** A page of the site: scripts only from this server or by hash, never inline at large. */
function expectPagePolicy(response: APIResponse, frameAncestors: string) {
  const policy = directives(response);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts.some((source) => source.startsWith("'sha256-"))).toBe(true);
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'", 'data:', '*', 'https:', 'http:']) expect(scripts).not.toContain(unsafe);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual([frameAncestors]);
}

/** Responses that are not pages of ours (JSON, audio, files, errors) may load nothing at all. */
function expectLockedPolicy(response: APIResponse) {
  const policy = directives(response);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.has('script-src')).toBe(false);
}

async function anonymousGet(playwright: { request: { newContext(): Promise<APIRequestContext> } }, path: string) {
  const visitor = await playwright.request.newContext();
  try {
    const response = await visitor.get(path, { maxRedirects: 0 });
    await response.body();
    return response;
  } finally {
    await visitor.dispose();
  }
}

test('every kind of response carries the security headers', async ({ playwright, request }) => {
  // A page, then the same page from the page cache for the next visitor: the same policy.
  const album = (await request.get('/album/2/x/y', { maxRedirects: 0 })).headers().location;
  const first = await anonymousGet(playwright, album);
  expect(first.status()).toBe(200);
  expectCommonHeaders(first, 'same-origin');
  expectPagePolicy(first, "'self'");
  expect(first.headers()['x-frame-options']).toBe('SAMEORIGIN');
  await expect.poll(async () => (await anonymousGet(playwright, album)).headers()['x-cache']).toBe('HIT');
  const hit = await anonymousGet(playwright, album);
  expectCommonHeaders(hit, 'same-origin');
  expect(hit.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);

  // Every page has the same policy, so that moving around inside the site never meets a script
  // the first page's policy did not allow.
  const notFound = await anonymousGet(playwright, '/no-such-page');
  expect(notFound.status()).toBe(404);
  expectCommonHeaders(notFound, 'same-origin');
  expect(notFound.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);

  // A redirect, API answers and API errors.
  const redirect = await request.get('/album/2/x/y', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expectCommonHeaders(redirect, 'same-origin');
  expectLockedPolicy(redirect);
  for (const [path, status] of [
    ['/api/v1/genres', 200],
    ['/api/v1/no-such-thing', 404],
    ['/api/v1/albums/abc', 422],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    expectCommonHeaders(response, 'same-origin');
    expectLockedPolicy(response);
  }

  // Audio is only for this site's own pages and embeds (which are of this origin too).
  const stream = await request.get('/api/v1/tracks/1/stream', { headers: { Range: 'bytes=0-99' } });
  expect(stream.status()).toBe(206);
  expectCommonHeaders(stream, 'same-origin');
  expectLockedPolicy(stream);

  // Covers are public and may be shown by other sites and mail readers.
  const cover = (await (await request.get('/api/v1/albums/2')).json()).album.image as string;
  expect(cover).toMatch(/^\/uploads\//);
  const image = await request.get(cover);
  expect(image.status()).toBe(200);
  expectCommonHeaders(image, 'cross-origin');
  expect(directives(image).get('default-src')).toEqual(["'none'"]);

  // Built assets and public files.
  const asset = (await (await request.get(album)).text()).match(/\/_astro\/[\w.-]+\.js/)![0];
  expectCommonHeaders(await request.get(asset), 'same-origin');
  expectCommonHeaders(await request.get('/favicon.svg'), 'same-origin');

  // The embed: framable by any site, and loadable by sites that isolate themselves.
  const embed = await anonymousGet(playwright, '/album/2/x/y/embed');
  expect(embed.status()).toBe(200);
  expectCommonHeaders(embed, 'cross-origin');
  expectPagePolicy(embed, '*');
  expect(embed.headers()['x-frame-options']).toBeUndefined();

  // The back office (a single-page app whose UI library writes its styles at run time).
  const admin = await request.get('/admin/tracks');
  expect(admin.status()).toBe(200);
  expectCommonHeaders(admin, 'same-origin');
  const adminPolicy = directives(admin);
  expect(adminPolicy.get('script-src')).toEqual(["'self'"]);
  expect(adminPolicy.get('style-src')).toContain("'unsafe-inline'");
  expect(adminPolicy.get('object-src')).toEqual(["'none'"]);
  expect(adminPolicy.get('frame-ancestors')).toEqual(["'self'"]);

  // The API reference, for an admin.
  const adminRequest = await playwright.request.newContext();
  try {
    await logInAsAdmin(adminRequest);
    const docs = await adminRequest.get('/api-docs');
    expect(docs.status()).toBe(200);
    expectCommonHeaders(docs, 'same-origin');
    const docsPolicy = directives(docs);
    expect(docsPolicy.get('script-src')?.[0]).toBe("'self'");
    expect(docsPolicy.get('script-src')?.slice(1).every((source) => source.startsWith("'sha256-"))).toBe(true);
    expect(docsPolicy.get('frame-ancestors')).toEqual(["'self'"]);
  } finally {
    await adminRequest.dispose();
  }
});

/** Fails the test on any policy violation the page reports, in the console or as an event. */
async function watchForViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy|Permissions[ -]Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportPolicyViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportPolicyViolation(report: string): void }).reportPolicyViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} in ${event.documentURI}${event.sample ? `: ${event.sample}` : ''}`);
    });
  });
  return violations;
}

test('a listener browses, plays, logs in and changes settings without a single policy violation', async ({ page }) => {
  const violations = await watchForViolations(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // Islands hydrate (the player, the search box) and moving around keeps the same document.
  await page.goto('/album/1/x/y');
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  await expect(page.getByTestId('player').getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.locator('.media-header .meta a').first().click();
  await expect(page).toHaveURL(/\/artist\/\d+\//);
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].some((island) => island.querySelector('.search-box') && !island.hasAttribute('ssr')));
  await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).pressSequentially('neon');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await page.getByTestId('player').getByRole('button', { name: 'Pause' }).click();

  // Log in through the form, then the account settings.
  const email = `csp-${Date.now()}@example.com`;
  await registerAccount(page.context().request, email, 'csp-password-1');
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('csp-password-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();

  expect(violations).toEqual([]);
});

test('the back office and the API reference work under their policies', async ({ page }) => {
  const violations = await watchForViolations(page);
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The dashboard's report: counts and charts.
  await expect(page.getByTestId('count-tracks')).toHaveText(/^\d+$/);
  await page.getByRole('menuitem', { name: 'Tracks' }).click();
  await expect(page.getByRole('row')).not.toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Albums' }).click();
  await expect(page.locator('img[src^="/uploads/"]').first()).toBeVisible();

  await page.goto('/api-docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Cadence API');
  expect(violations).toEqual([]);
});

test('an embed on another site plays without a policy violation', async ({ page }) => {
  const violations = await watchForViolations(page);
  const blog = await startOtherSite(`<h1>My blog</h1><iframe src="http://localhost:${E2E_PORT}/album/1/x/y/embed" width="600" height="420" title="Album player" allow="autoplay"></iframe>`);
  try {
    await page.goto(blog.url);
    const frame = page.frameLocator('iframe[title="Album player"]');
    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(frame.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    const embed = page.frames().find((f) => f.url().includes('/embed'))!;
    await expect.poll(() => embed.evaluate(() => document.querySelector('audio')!.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect(violations).toEqual([]);
  } finally {
    await blog.close();
  }
});

test.describe('ad code and scripts the server did not write', () => {
  test.afterEach(async ({ request }) => {
    // Other specs share the server: leave no ad behind.
    await logInAsAdmin(request);
    await apiCall(request, 'PUT', '/api/admin/ads', { 'ads.general_top': '', 'ads.artist_top': '', 'ads.disable': false });
  });

  test('an ad network snippet runs, on the page it is on and after moving there inside the site', async ({ page, request }) => {
    await logInAsAdmin(request);
    // A typical snippet: the network's loader from its own host, then an inline call that queues
    // the slot for it (the loader runs once; later slots only push). Pasted with Windows line ends.
    const snippet = (slot: string) =>
      `<ins class="test-ad" data-slot="${slot}"></ins>\r\n<script async src="https://ads.example.test/loader.js"></script>\r\n<script>\r\n  (window.testAds = window.testAds || []).push(${JSON.stringify(slot)});\r\n</script>`;
    expect((await apiCall(request, 'PUT', '/api/admin/ads', { 'ads.general_top': snippet('general'), 'ads.artist_top': snippet('artist') })).status()).toBe(200);
    // The loader fills each queued slot with a frame from the network's host.
    await page.route('https://ads.example.test/loader.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `(() => {
          const fill = () => {
            for (const ins of document.querySelectorAll('ins.test-ad:not([data-filled])')) {
              ins.dataset.filled = 'yes';
              const frame = document.createElement('iframe');
              frame.src = 'https://frames.example.test/ad';
              ins.append(frame);
            }
          };
          const queued = window.testAds || [];
          window.testAds = { slots: [...queued], push(slot) { this.slots.push(slot); fill(); } };
          fill();
        })();`,
      }),
    );
    await page.route('https://frames.example.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>An ad</p>' }));
    const violations = await watchForViolations(page);

    await page.goto('/');
    await expect(page.locator('ins.test-ad[data-slot="general"]')).toHaveAttribute('data-filled', 'yes');
    await expect.poll(() => page.evaluate(() => (window as unknown as { testAds?: { slots: string[] } }).testAds?.slots)).toEqual(['general']);

    // The artist page's ad is not on the home page, yet it runs when the listener moves there.
    await page.locator('a[href^="/artist/"]').first().click();
    await expect(page).toHaveURL(/\/artist\/\d+/);
    await expect(page.locator('ins.test-ad[data-slot="artist"]')).toHaveAttribute('data-filled', 'yes');
    await expect.poll(() => page.evaluate(() => (window as unknown as { testAds?: { slots: string[] } }).testAds?.slots)).toEqual(['general', 'artist']);
    expect(violations).toEqual([]);
  });

  test('a script slipped into a page is refused, on arrival and after moving inside the site', async ({ page }) => {
    // What stored cross-site scripting would produce: the real page and its real headers, with
    // markup the server never wrote.
    const injected = '<script>window.injected = "inline"</script><img src="/favicon.svg" onload="window.injected = \'handler\'">';
    await page.route(/\/artist\/\d+/, async (route) => {
      const response = await route.fetch();
      // The layout's scoped styles add attributes to <main>; the script goes in right after it.
      const html = (await response.text()).replace(/<main id="main"[^>]*>/, `$&${injected}`);
      await route.fulfill({ response, body: html });
    });
    const violations = await watchForViolations(page);

    await page.goto('/artist/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { injected?: string }).injected)).toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
    expect(violations.join('\n')).toMatch(/script-src/);

    violations.length = 0;
    await page.goto('/album/1/x/y');
    await page.locator('.media-header .meta a').first().click();
    await expect(page).toHaveURL(/\/artist\/\d+\//);
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { injected?: string }).injected)).toBeUndefined();
  });
});

test.describe("Google's human check", () => {
  // Straight in the database: with the check on, logging in takes a token Google would give.
  test.afterEach(() => setE2eSettings({ 'recaptcha.enable.login': false, 'recaptcha.site_key': '' }));

  test('loads its script when a form uses it, also after moving to the form inside the site', async ({ page, request }) => {
    await logInAsAdmin(request);
    expect((await apiCall(request, 'PUT', '/api/admin/settings', { 'recaptcha.enable.login': true, 'recaptcha.site_key': 'e2e-site-key' })).status()).toBe(200);
    // Google's script, as far as the page sees it.
    await page.route('https://www.google.com/recaptcha/api.js?**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: `window.grecaptcha = { ready: (done) => done(), execute: async () => 'e2e-token' };` }),
    );
    const violations = await watchForViolations(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('a-long-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.evaluate(() => typeof (window as unknown as { grecaptcha?: object }).grecaptcha)).toBe('object');
    expect(violations).toEqual([]);
  });
});
