import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wavFile } from '@app/api/testing-audio';
import { STALL_TIMEOUT_MS } from '@app/shared/upload/restrictions';
import { E2E_ADMIN, S3_SERVER } from '../support/constants.ts';

/**
 * A file of 100 MB and more, with S3 direct uploads on, goes from the browser to the bucket as an
 * S3 multipart upload (spec §7, §9): parts of 20 MB, a failed part sent again, an upload broken
 * off by a reload or a timeout continued from the parts the bucket holds, one object in the end that plays
 * back byte for byte. Only in the s3 project (playwright.config.ts), against the server on S3 storage.
 */
test.describe.configure({ timeout: 240_000 });

const MB = 1024 * 1024;
// tests/support/e2e-server.ts keeps the bucket there, with the product's objects under the e2e/ prefix.
const bucket = path.join(S3_SERVER.buckets!, 'cadence');
const stamp = Date.now().toString(36);
let folder: string;
let song: { name: string; path: string; bytes: Buffer };

test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'e2e-multipart-'));
  const name = `Long Take ${stamp}.wav`;
  // A real WAV (its header says so) of 105 MB: six parts, the last one of 5 MB.
  const bytes = Buffer.from(wavFile(105 * MB, 11));
  writeFileSync(path.join(folder, name), bytes);
  song = { name, path: path.join(folder, name), bytes };
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function openUpload(page: Page) {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(E2E_ADMIN.email);
  await page.locator('input[name="password"]').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  await expect(page.getByText('Audio files, up to 200 MB each')).toBeVisible();
}

async function pickAndUpload(page: Page) {
  await page.locator('input.uppy-Dashboard-input').first().setInputFiles(song.path);
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
}

const partNumber = (url: string) => Number(new URL(url).searchParams.get('partNumber'));
const isPart = (request: Request) => request.method() === 'PUT' && new URL(request.url()).searchParams.has('partNumber');

/** Objects under a folder of the bucket as s3rver keeps them on disk (`<key>._S3rver_object`). */
function objectsUnder(prefix: string): { key: string; size: number }[] {
  const found: { key: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).map((e) => e.name)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('._S3rver_object')) found.push({ key: path.relative(bucket, full).replace(/\._S3rver_object$/, ''), size: statSync(full).size });
    }
  };
  try {
    walk(path.join(bucket, prefix));
  } catch {
    // No such folder: nothing there.
  }
  return found;
}

/** Unfinished multipart uploads, where s3rver keeps their parts. */
const unfinishedUploads = () => {
  try {
    return readdirSync(path.join(bucket, '._S3rver_uploads')).filter((id) => readFileSync(path.join(bucket, '._S3rver_uploads', id, 'key'), 'utf8').startsWith('e2e/direct/'));
  } catch {
    return [];
  }
};

test('a file of 100 MB goes to the bucket in parts, survives a failed part and a reload, and plays back whole', async ({ page }) => {
  const parts: number[] = [];
  const calls: string[] = [];
  page.on('request', (request) => {
    if (isPart(request)) parts.push(partNumber(request.url()));
    else if (request.url().includes('/api/v1/s3/') || request.url().includes('/api/v1/tus/')) calls.push(new URL(request.url()).pathname);
  });
  await openUpload(page);

  // First attempt: parts 1 and 2 reach the bucket, the others hang until the page is reloaded.
  const held: Route[] = [];
  await page.route(
    (url) => url.searchParams.has('partNumber') && partNumber(url.href) > 2,
    (route) => void held.push(route),
  );
  const firstTwo = Promise.all([1, 2].map((n) => page.waitForResponse((response) => isPart(response.request()) && partNumber(response.url()) === n && response.ok())));
  await pickAndUpload(page);
  await firstTwo;
  // Progress counts the parts done: two of 20 MB out of 105 MB is 38 %.
  const review = page.getByTestId('upload-review');
  await expect(review.getByText(/^Uploading \d+%$/)).toHaveText(/^Uploading (3[89]|[4-9]\d)%$/);
  expect(calls).toEqual(['/api/v1/s3/multipart/create', '/api/v1/s3/multipart/batch-sign-part-urls']);
  // Five parts at once.
  expect(parts.slice(0, 5).sort()).toEqual([1, 2, 3, 4, 5]);
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByText('Audio files, up to 200 MB each')).toBeVisible();

  // Second attempt, the same file picked again: it asks the bucket what it holds and sends the rest;
  // part 3 fails once on the way and is sent again.
  parts.length = 0;
  calls.length = 0;
  await page.route((url) => partNumber(url.href) === 3, (route) => route.abort('connectionreset'), { times: 1 });
  await pickAndUpload(page);
  await expect(review.locator('tr[data-status="completed"]')).toHaveCount(1, { timeout: 180_000 });
  expect(parts.sort()).toEqual([3, 3, 4, 5, 6]);
  expect(calls).toEqual(expect.arrayContaining(['/api/v1/s3/multipart/get-uploaded-parts', '/api/v1/s3/multipart/complete', '/api/v1/s3/entries']));
  expect(calls).not.toContain('/api/v1/s3/multipart/create');
  expect(calls.filter((call) => call.startsWith('/api/v1/tus/'))).toEqual([]);

  // One object in the bucket, nothing left of the upload, and the track streams back byte for byte.
  const list = await page.request.get(`/api/admin/tracks?filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}`);
  const [track] = await list.json();
  expect(track.name).toBe(`Long Take ${stamp}`);
  const stored = objectsUnder('e2e/uploads').filter((object) => object.size === song.bytes.byteLength);
  expect(stored).toHaveLength(1);
  expect(objectsUnder('e2e/direct')).toEqual([]);
  expect(unfinishedUploads()).toEqual([]);
  const stream = await page.request.get(`/api/v1/tracks/${track.id}/stream`);
  expect(stream.headers()['content-length']).toBe(String(song.bytes.byteLength));
  expect(Buffer.from(await stream.body()).equals(song.bytes)).toBe(true);
});

test('an upload that stalls times out, and Retry continues it from the parts the bucket holds', async ({ page }) => {
  // The page's clock runs on its own, and jumps over the 30 s without progress instead of waiting them out.
  await page.clock.install();
  await openUpload(page);
  // Parts 1 and 2 arrive; the others hang until the 30 s without progress run out.
  const held: Route[] = [];
  await page.route(
    (url) => url.searchParams.has('partNumber') && partNumber(url.href) > 2,
    (route) => void held.push(route),
  );
  const firstTwo = Promise.all([1, 2].map((n) => page.waitForResponse((response) => isPart(response.request()) && partNumber(response.url()) === n && response.ok())));
  await pickAndUpload(page);
  await firstTwo;
  const review = page.getByTestId('upload-review');
  const failed = review.locator('tr[data-status="failed"]');
  // Progress the page had yet to handle when the clock jumped starts the 30 s again: then it jumps again.
  await expect(async () => {
    await page.clock.fastForward(STALL_TIMEOUT_MS);
    await expect(failed).toContainText('Upload timed out', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  // Kept for the retry: nothing was aborted.
  expect(unfinishedUploads()).toHaveLength(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const route of held) await route.abort().catch(() => undefined);

  const parts: number[] = [];
  page.on('request', (request) => void (isPart(request) && parts.push(partNumber(request.url()))));
  await page.getByRole('button', { name: 'Retry upload' }).first().click();
  await expect(review.locator('tr[data-status="completed"]')).toHaveCount(1, { timeout: 180_000 });
  expect(parts.sort()).toEqual([3, 4, 5, 6]);
  expect(unfinishedUploads()).toEqual([]);
});

test('cancelling a multipart upload abandons it in the bucket', async ({ page }) => {
  await openUpload(page);
  // The parts never arrive, so the upload is in the middle when it is cancelled.
  await page.route((url) => url.searchParams.has('partNumber'), () => undefined);
  const sending = page.waitForRequest(isPart);
  await pickAndUpload(page);
  await sending;
  expect(unfinishedUploads()).toHaveLength(1);
  const aborted = page.waitForResponse((response) => response.url().endsWith('/api/v1/s3/multipart/abort'));
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  expect((await aborted).status()).toBe(200);
  expect(unfinishedUploads()).toEqual([]);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('s3-multipart-')))).toEqual([]);
});
