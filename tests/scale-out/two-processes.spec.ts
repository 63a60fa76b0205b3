import { existsSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { E2E_ADMIN } from '../support/constants.ts';
import { albumPath, cachedSoon, visit } from '../support/page-cache.ts';
import { ORIGIN_A, ORIGIN_B, S3_PORT, S3_PREFIX, storagePathOf } from './topology.ts';

/**
 * Two server processes sharing PostgreSQL and an S3 bucket (./setup.ts), as behind a proxy: what
 * one process does, the other knows at once, because nothing lives in either process alone.
 */

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf000000030101003bd0b5e40000000049454e44ae426082', 'hex');

const bucket = new S3Client({
  endpoint: `http://127.0.0.1:${S3_PORT}`,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 's3-local-key', secretAccessKey: 's3-local-secret' },
});

async function objectBytes(key: string): Promise<Buffer> {
  const object = await bucket.send(new GetObjectCommand({ Bucket: 'cadence', Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** The album's name as the page shows it; its description may quote the old one. */
const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

/** Neither process keeps file bytes on its own disk: they are all in the bucket. */
function expectNoLocalFiles(disk: 'uploads' | 'public') {
  for (const name of ['a', 'b'] as const) expect(existsSync(path.join(storagePathOf(name), disk)), `${disk}/ in process ${name}'s storage folder`).toBe(false);
}

test('a listener logs in on one process, plays and uploads on the other, and a back-office change reaches both page caches', async ({ page, browser, playwright }) => {
  const email = `listener-${Date.now()}@example.com`;
  const signUp = await playwright.request.newContext({ baseURL: ORIGIN_A });
  await registerAccount(signUp, email, 'listener-password');
  await signUp.dispose();

  await test.step('log in on A; B knows the session', async () => {
    await page.goto(`${ORIGIN_A}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('listener-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${ORIGIN_A}/`);
    await expect(page.getByTestId('user-menu')).toContainText(email.split('@')[0]);

    await page.goto(`${ORIGIN_B}/`);
    await expect(page.getByTestId('user-menu')).toContainText(email.split('@')[0]);
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(new URL(page.url()).origin).toBe(ORIGIN_B);
  });

  await test.step('play a track on B, streamed with Range from the bucket', async () => {
    const streams: { origin: string; status: number; range: string | undefined }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/^\/api\/v1\/tracks\/\d+\/stream$/.test(url.pathname)) streams.push({ origin: url.origin, status: response.status(), range: response.headers()['content-range'] });
    });
    await page.goto(`${ORIGIN_B}/album/1/x/y`);
    await page.getByRole('button', { name: 'Play', exact: true }).first().click();
    await expect(page.getByTestId('player').getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime), { timeout: 20_000 }).toBeGreaterThan(1.5);
    const source = await page.evaluate(() => document.querySelector('audio')!.currentSrc);
    expect(new URL(source).origin).toBe(ORIGIN_B);

    // Every byte of audio came from B, as ranges.
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.filter((stream) => stream.origin !== ORIGIN_B)).toEqual([]);
    expect(streams.some((stream) => stream.status === 206 && /^bytes \d+-\d+\/\d+$/.test(stream.range ?? ''))).toBe(true);

    // The bytes B sends are an object of the bucket; no disk of either process holds audio.
    const sent = await (await page.request.get(source)).body();
    const listing = await bucket.send(new ListObjectsV2Command({ Bucket: 'cadence', Prefix: `${S3_PREFIX}uploads/` }));
    const sameSize = (listing.Contents ?? []).filter((object) => object.Size === sent.length);
    const stored = await Promise.all(sameSize.map((object) => objectBytes(object.Key!)));
    expect(stored.some((bytes) => bytes.equals(sent))).toBe(true);
    expectNoLocalFiles('uploads');
  });

  await test.step('upload a profile image on B; A serves it', async () => {
    await page.goto(`${ORIGIN_B}/account-settings`);
    await page.locator('#account-details input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('toast')).toHaveText(/Uploaded avatar/);
    const address = (await page.getByRole('img', { name: 'Profile image' }).getAttribute('src'))!;
    expect(address).toMatch(/^\/uploads\/avatar-/);

    const fromA = await page.request.get(`${ORIGIN_A}${address}`);
    expect(fromA.status()).toBe(200);
    expect((await fromA.body()).equals(PNG)).toBe(true);
    await page.goto(`${ORIGIN_A}/account-settings`);
    const image = page.getByRole('img', { name: 'Profile image' });
    await expect(image).toHaveAttribute('src', address);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect((await objectBytes(`${S3_PREFIX}public/${path.basename(address)}`)).equals(PNG)).toBe(true);
    expectNoLocalFiles('public');
  });

  await test.step('rename an album in the back office on A; B serves the new name at once', async () => {
    const visitor = await playwright.request.newContext({ baseURL: ORIGIN_A });
    const album = await albumPath(visitor, 4);
    await visitor.dispose();
    // Warm both processes as visitors who are not logged in: B's second hit is its own in-process copy.
    await cachedSoon(playwright, `${ORIGIN_A}${album}`);
    await cachedSoon(playwright, `${ORIGIN_B}${album}`);
    const warm = await visit(playwright, `${ORIGIN_B}${album}`);
    expect(warm.headers['x-cache']).toBe('HIT');

    // The admin works in a browser of their own, in the back office of A.
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${ORIGIN_A}/admin`);
    await admin.locator('input[name="username"]').fill(E2E_ADMIN.email);
    await admin.locator('input[name="password"]').fill(E2E_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await expect(admin.getByTestId('count-tracks')).toHaveText('300');
    await admin.goto(`${ORIGIN_A}/admin/albums/4`);
    const name = admin.getByRole('textbox', { name: 'Name' });
    await expect(name).not.toHaveValue('');
    const oldName = await name.inputValue();
    expect(heading(warm.html)).toBe(oldName);
    const newName = `Renamed on A ${Date.now()}`;
    await name.fill(newName);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Album updated')).toBeVisible();
    await admin.context().close();

    const fromB = await visit(playwright, `${ORIGIN_B}${album}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['x-cache']).toBe('MISS');
    expect(heading(fromB.html)).toBe(newName);
    expect(heading((await visit(playwright, `${ORIGIN_A}${album}`)).html)).toBe(newName);
  });
});
