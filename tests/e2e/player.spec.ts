import { expect, test } from '@playwright/test';

test('a track keeps playing, without restarting, while the listener navigates', async ({ page }) => {
  await page.goto('/album/1/x/y');
  await expect(page).toHaveURL(/\/album\/1\/aurora-vale\//);
  const albumName = await page.getByRole('heading', { level: 1 }).textContent();

  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  const player = page.getByTestId('player');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);

  // Mark the element: after navigation it must be the very same one, still advancing.
  const before = await page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    (window as unknown as { playingAudio: HTMLAudioElement }).playingAudio = audio;
    return { time: audio.currentTime, src: audio.currentSrc };
  });
  expect(before.src).toMatch(/\/api\/v1\/tracks\/\d+\/stream$/);

  await page.locator('.media-header .meta a').first().click();
  await expect(page).toHaveURL(/\/artist\/\d+\//);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(albumName ?? '');

  const after = await page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    return {
      same: audio === (window as unknown as { playingAudio: HTMLAudioElement }).playingAudio,
      count: document.querySelectorAll('audio').length,
      paused: audio.paused,
      time: audio.currentTime,
      src: audio.currentSrc,
    };
  });
  expect(after.same).toBe(true);
  expect(after.count).toBe(1);
  expect(after.paused).toBe(false);
  expect(after.src).toBe(before.src);
  expect(after.time).toBeGreaterThanOrEqual(before.time);
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeGreaterThan(after.time + 0.5);
  await expect(player.getByTestId('player-track-name')).not.toBeEmpty();
});

test('pressing a row plays that track and the player shows it', async ({ page }) => {
  await page.goto('/album/2/x/y');
  const rows = page.locator('tr.track-row');
  const secondName = (await rows.nth(1).locator('.track-name').textContent())!;
  await rows.nth(1).getByRole('button', { name: `Play ${secondName}` }).click();
  await expect(page.getByTestId('player-track-name')).toHaveText(secondName);
  await expect(rows.nth(1)).toHaveClass(/active/);
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.getByTestId('player').getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
});

test('audio is served with Range support', async ({ request }) => {
  const full = await request.get('/api/v1/tracks/1/stream');
  expect(full.status()).toBe(200);
  expect(full.headers()['accept-ranges']).toBe('bytes');
  const size = Number(full.headers()['content-length']);
  const bytes = await full.body();
  expect(bytes.length).toBe(size);
  // An MP3 frame starts with 11 set bits.
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1] & 0xe0).toBe(0xe0);

  const part = await request.get('/api/v1/tracks/1/stream', { headers: { Range: 'bytes=100-199' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 100-199/${size}`);
  expect(Buffer.compare(await part.body(), bytes.subarray(100, 200))).toBe(0);

  const tail = await request.get('/api/v1/tracks/1/stream', { headers: { Range: 'bytes=-10' } });
  expect(tail.headers()['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);

  const outside = await request.get('/api/v1/tracks/1/stream', { headers: { Range: `bytes=${size}-` } });
  expect(outside.status()).toBe(416);
  expect(outside.headers()['content-range']).toBe(`bytes */${size}`);
});
