import { expect, test, type Page } from '@playwright/test';
import { withE2eDatabase } from '../support/database.ts';

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

test('the first bytes of what a play button starts are fetched ahead, and a click starts the stream within the click', async ({ page }) => {
  const streams: { path: string; range: string | undefined }[] = [];
  const plays: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/v1\/tracks\/\d+\/stream$/.test(path)) streams.push({ path, range: request.headers().range });
    if (request.method() === 'POST' && path.endsWith('/plays')) plays.push(path);
  });
  await page.goto('/album/3/x/y');
  const rows = page.locator('tr.track-row');
  const ids = await rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('data-track-id')));
  const warmUps = () => streams.filter((s) => s.range === 'bytes=0-65535').map((s) => s.path);

  // In view: the album's play button warms its first track, and only that one of the page's buttons.
  await expect.poll(warmUps).toEqual([`/api/v1/tracks/${ids[0]}/stream`]);
  // On the way to a row's play button, that row's track.
  const names = await rowNames(page);
  await rows.nth(3).getByRole('button', { name: `Play ${names[3]}` }).hover();
  await expect.poll(warmUps).toEqual([`/api/v1/tracks/${ids[0]}/stream`, `/api/v1/tracks/${ids[3]}/stream`]);
  expect(plays).toEqual([]);

  // The player's <audio> has its address by the time the click has been handled (this listener
  // runs after the islands' own), not a render later.
  await page.evaluate(() => {
    document.addEventListener('click', () => ((window as unknown as { srcInClick: string | null }).srcInClick = document.querySelector('audio')!.getAttribute('src')), { once: true });
  });
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).first().click();
  expect(await page.evaluate(() => (window as unknown as { srcInClick: string | null }).srcInClick)).toBe(`/api/v1/tracks/${ids[0]}/stream`);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expect(page.getByTestId('player-track-name')).toHaveText(names[0]);
  // Fetching ahead counted no play; the player posts one only after the track was heard long enough.
  expect(plays).toEqual([]);
});

// ---------- The full player: queue, shuffle and repeat, restore, keyboard, counting, lyrics ----------

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    return { paused: audio.paused, time: audio.currentTime, src: audio.currentSrc, muted: audio.muted, volume: audio.volume, duration: audio.duration };
  });

async function rowNames(page: Page): Promise<string[]> {
  return page.locator('tr.track-row .track-name').allTextContents();
}

const queueNames = (page: Page) => page.getByTestId('queue-item').locator('.queue-name').allTextContents();

async function playAlbumRow(page: Page, albumId: number, row: number) {
  await page.goto(`/album/${albumId}/x/y`);
  const names = await rowNames(page);
  await page.locator('tr.track-row').nth(row).getByRole('button', { name: `Play ${names[row]}` }).click();
  await expect(page.getByTestId('player-track-name')).toHaveText(names[row]);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
  return names;
}

test('"Play next" and "Add to queue" from a row menu, with the keyboard or the mouse', async ({ page }) => {
  const names = await playAlbumRow(page, 2, 0);
  const rows = page.locator('tr.track-row');

  // Keyboard: open the menu with Enter, move down to "Add to queue", choose it.
  const trigger = rows.nth(2).getByRole('button', { name: `More options for ${names[2]}` });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Options for ${names[2]}` });
  await expect(menu.getByRole('menuitem', { name: 'Play next' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Add to queue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page.getByText(`"${names[2]}" was added to the queue.`)).toBeVisible();

  // Escape closes without choosing.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await rows.nth(4).getByRole('button', { name: `More options for ${names[4]}` }).click();
  await page.getByRole('menuitem', { name: 'Play next' }).click();

  // The seek bar shows how much is buffered ahead.
  await expect.poll(async () => Number(await page.getByRole('slider', { name: 'Seek' }).getAttribute('data-buffered'))).toBeGreaterThan(10);

  await page.getByTestId('player').getByRole('button', { name: 'Queue' }).click();
  const expected = [names[0], names[4], ...names.slice(1), names[2]];
  await expect.poll(() => queueNames(page)).toEqual(expected);
  await expect(page.getByTestId('queue-item').first()).toHaveAttribute('aria-current', 'true');

  // "Next" plays the track queued next, and the queue follows.
  await page.getByTestId('player').getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('player-track-name')).toHaveText(names[4]);
  await expect(page.getByTestId('queue-item').nth(1)).toHaveAttribute('aria-current', 'true');
});

test('the queue panel reorders with the keyboard and by dragging, removes and clears', async ({ page }) => {
  const names = await playAlbumRow(page, 3, 0);
  const player = page.getByTestId('player');
  await player.getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByRole('heading', { name: 'Queue' })).toBeFocused();
  await expect.poll(() => queueNames(page)).toEqual(names);

  // Keyboard: the playing track moves down twice and stays the playing one; focus stays on the button.
  const moveDown = queue.getByRole('button', { name: `Move ${names[0]} down` });
  await moveDown.focus();
  await page.keyboard.press('Enter');
  await expect(moveDown).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => queueNames(page)).toEqual([names[1], names[2], names[0], ...names.slice(3)]);
  await expect(page.getByTestId('queue-item').nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(queue.getByText(`${names[0]} moved to position 3 of ${names.length}.`)).toBeAttached();
  await expect(page.getByTestId('player-track-name')).toHaveText(names[0]);
  expect((await audioState(page)).paused).toBe(false);

  // Pointer: drag the last track by its handle onto the first row (with the cookie notice out of the way).
  await page.getByRole('button', { name: 'Got it' }).click();
  const items = page.getByTestId('queue-item');
  const handle = items.last().locator('.drag-handle');
  const from = (await handle.boundingBox())!;
  const to = (await items.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
  const last = names[names.length - 1];
  await expect.poll(() => queueNames(page)).toEqual([last, names[1], names[2], names[0], ...names.slice(3, -1)]);

  // Removing the playing track moves on to the one after it.
  await queue.getByRole('button', { name: `Remove ${names[0]} from the queue` }).click();
  await expect(page.getByTestId('player-track-name')).toHaveText(names[3]);
  await expect.poll(() => queueNames(page)).toEqual([last, names[1], names[2], ...names.slice(3, -1)]);

  // Clicking a row plays it.
  await queue.getByRole('button', { name: `Play ${names[1]}` }).click();
  await expect(page.getByTestId('player-track-name')).toHaveText(names[1]);

  await queue.getByRole('button', { name: 'Clear queue' }).click();
  await expect(queue.getByText('Your queue is empty.', { exact: false })).toBeVisible();
  await expect(player.getByText('Pick something to play')).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);

  await page.keyboard.press('Escape');
  await expect(queue).toBeHidden();
  await expect(player.getByRole('button', { name: 'Queue' })).toBeFocused();
});

test('shuffle keeps the playing track and restores the order when turned off; repeat cycles and repeats one', async ({ page }) => {
  const names = await playAlbumRow(page, 4, 2);
  const player = page.getByTestId('player');
  await player.getByRole('button', { name: 'Queue' }).click();

  const shuffle = player.getByRole('button', { name: 'Shuffle' });
  await expect(shuffle).toHaveAttribute('aria-pressed', 'false');
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('queue-item').first()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('queue-item').first().locator('.queue-name')).toHaveText(names[2]);
  const shuffled = await queueNames(page);
  expect([...shuffled].sort()).toEqual([...names].sort());
  expect(shuffled).not.toEqual([names[2], ...names.filter((_, i) => i !== 2)]);
  await expect(page.getByTestId('player-track-name')).toHaveText(names[2]);

  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => queueNames(page)).toEqual(names);
  await expect(page.getByTestId('queue-item').nth(2)).toHaveAttribute('aria-current', 'true');

  const repeat = player.getByRole('button', { name: /^Repeat: / });
  await expect(repeat).toHaveAccessibleName('Repeat: off');
  await expect(repeat).toHaveAttribute('aria-pressed', 'false');
  await repeat.click();
  await expect(repeat).toHaveAccessibleName('Repeat: all');
  await expect(repeat).toHaveAttribute('aria-pressed', 'true');
  await repeat.click();
  await expect(repeat).toHaveAccessibleName('Repeat: one');

  // Repeat one: at the end the same track starts again instead of the next one.
  await page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    audio.currentTime = audio.duration - 1;
  });
  await expect.poll(async () => (await audioState(page)).time, { timeout: 10_000 }).toBeLessThan(2);
  await expect(page.getByTestId('player-track-name')).toHaveText(names[2]);
  expect((await audioState(page)).paused).toBe(false);

  await repeat.click();
  await expect(repeat).toHaveAccessibleName('Repeat: off');
  await expect(repeat).toHaveAttribute('aria-pressed', 'false');
});

test('after a reload the queue, the track, the position, repeat and the volume come back, paused', async ({ page }) => {
  const names = await playAlbumRow(page, 5, 1);
  const player = page.getByTestId('player');
  await player.getByRole('button', { name: /^Repeat: / }).click();
  await page.getByRole('slider', { name: 'Volume' }).fill('0.4');
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(3);
  await player.getByRole('button', { name: 'Pause' }).click();
  const before = await audioState(page);

  await page.reload();
  await expect(player.getByTestId('player-track-name')).toHaveText(names[1]);
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(player.getByRole('button', { name: /^Repeat: / })).toHaveAccessibleName('Repeat: all');
  await expect.poll(async () => (await audioState(page)).time, { timeout: 10_000 }).toBeGreaterThan(before.time - 1.2);
  const after = await audioState(page);
  expect(after.paused).toBe(true);
  expect(after.src).toBe(before.src);
  expect(after.time).toBeLessThan(before.time + 0.5);
  expect(after.volume).toBeCloseTo(0.4);
  await expect(page.locator('tr.track-row').nth(1)).toHaveClass(/active/);
  // It stays paused: nothing plays until asked.
  await page.waitForTimeout(800);
  expect((await audioState(page)).paused).toBe(true);

  await player.getByRole('button', { name: 'Queue' }).click();
  await expect.poll(() => queueNames(page)).toEqual(names);
  await expect(page.getByTestId('queue-item').nth(1)).toHaveAttribute('aria-current', 'true');

  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(after.time + 0.3);
});

test('space plays and pauses, arrows seek, M mutes and the mute is remembered', async ({ page }) => {
  await playAlbumRow(page, 6, 0);
  const player = page.getByTestId('player');
  // Keys act when focus is on the page, not on a control.
  await page.locator('h1').click();
  await page.keyboard.press('Space');
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  const paused = (await audioState(page)).time;

  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(paused + 9);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await audioState(page)).time).toBeLessThan(paused + 1);

  await page.keyboard.press('Space');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);

  await page.keyboard.press('m');
  await expect(player.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  expect((await audioState(page)).muted).toBe(true);
  await page.reload();
  await expect(player.getByRole('button', { name: 'Unmute' })).toBeVisible();
  expect((await audioState(page)).muted).toBe(true);
});

test('the next track is fetched ahead, so skipping to it starts at once', async ({ page }) => {
  await page.goto('/album/7/x/y');
  const ids = await page.locator('tr.track-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-track-id'))));
  const preload = page.waitForRequest((request) => request.url().endsWith(`/api/v1/tracks/${ids[1]}/stream`), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  await preload;
  // Still on the first track: the request was ahead of need.
  expect((await audioState(page)).src).toMatch(new RegExp(`/tracks/${ids[0]}/stream$`));
  expect(await page.evaluate(() => document.querySelectorAll('audio').length)).toBe(1);

  await page.getByTestId('player').getByRole('button', { name: 'Next' }).click();
  await expect.poll(async () => (await audioState(page)).src).toMatch(new RegExp(`/tracks/${ids[1]}/stream$`));
  await expect.poll(async () => (await audioState(page)).time, { timeout: 3_000 }).toBeGreaterThan(0.2);
});

test('a play is counted once the listener has heard half of a short track', async ({ page, request }) => {
  // The shortest demo track: half of it is well under 30 s.
  const track = await withE2eDatabase((db) =>
    db.selectFrom('tracks').select(['id', 'album_id', 'duration']).where('file_entry_id', 'is not', null).where('album_id', 'is not', null).orderBy('duration').orderBy('id').executeTakeFirstOrThrow(),
  );
  const playsOf = async () => (await (await request.get(`/api/v1/tracks/${track.id}`)).json()).track.plays as number;
  const before = await playsOf();

  await page.goto(`/album/${track.album_id}/x/y`);
  const counted = page.waitForResponse((response) => response.url().endsWith(`/api/v1/tracks/${track.id}/plays`), { timeout: 40_000 });
  await page.locator(`tr.track-row[data-track-id="${track.id}"] .row-play`).click();
  // Listening at double speed hears the same audio in half the time.
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.2);
  await page.evaluate(() => {
    document.querySelector('audio')!.playbackRate = 2;
  });
  const response = await counted;
  expect(response.status()).toBe(201);
  // Not before half the track was heard.
  expect((await audioState(page)).time).toBeGreaterThanOrEqual(track.duration! / 2000 - 0.5);
  await expect.poll(playsOf).toBe(before + 1);
});

test('synced lyrics highlight the line being sung; a track without lyrics says so', async ({ page }) => {
  await page.goto('/album/8/x/y');
  const [trackId, nextId] = await page.locator('tr.track-row').evaluateAll((rows) => rows.slice(0, 2).map((row) => Number(row.getAttribute('data-track-id'))));
  const lrc = '[ti:Test]\n[00:00.00]First line\n[00:01.50]Second line\n[00:03.00]Third line\n[00:40.00]Much later';
  // The first track gets these lyrics and the second none, whatever the demo seed gave them.
  const previous = await withE2eDatabase(async (db) => {
    const rows = await db.selectFrom('lyrics').selectAll().where('track_id', 'in', [trackId, nextId]).execute();
    await db.deleteFrom('lyrics').where('track_id', 'in', [trackId, nextId]).execute();
    await db.insertInto('lyrics').values({ track_id: trackId, text: lrc, is_synced: 1 }).execute();
    return rows;
  });
  try {
    await page.locator('tr.track-row').first().locator('.row-play').click();
    await page.getByTestId('player').getByRole('button', { name: 'Now playing' }).click();
    const view = page.getByRole('region', { name: 'Now playing' });
    await expect(view.getByRole('heading', { name: 'Now playing' })).toBeFocused();
    const lyrics = view.getByTestId('synced-lyrics');
    await expect(lyrics.getByRole('listitem')).toHaveText(['First line', 'Second line', 'Third line', 'Much later']);
    await expect(lyrics.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
    await expect(lyrics.getByRole('listitem').nth(2)).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
    await expect(lyrics.locator('[aria-current="true"]')).toHaveCount(1);
    await expect(lyrics.getByRole('listitem').nth(3)).not.toHaveAttribute('aria-current', 'true');

    // The next track has none.
    await page.getByTestId('player').getByRole('button', { name: 'Next' }).click();
    await expect(view.getByText('This track has no lyrics.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  } finally {
    await withE2eDatabase(async (db) => {
      await db.deleteFrom('lyrics').where('track_id', 'in', [trackId, nextId]).execute();
      if (previous.length) await db.insertInto('lyrics').values(previous).execute();
    });
  }
});

test('at 360 px the bar keeps play, next and the queue, and now playing holds the other controls', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await playAlbumRow(page, 9, 0);
  const player = page.getByTestId('player');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Queue' })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Shuffle' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await player.getByRole('button', { name: 'Now playing' }).click();
  const view = page.getByRole('region', { name: 'Now playing' });
  await expect(view.getByRole('button', { name: 'Shuffle' })).toBeVisible();
  await expect(view.getByRole('slider', { name: 'Seek' })).toBeVisible();
  await view.getByRole('button', { name: 'Close now playing' }).click();

  await player.getByRole('button', { name: 'Queue' }).click();
  const queue = page.getByRole('complementary', { name: 'Queue' });
  await expect(queue.getByTestId('queue-item').first().getByRole('button', { name: /^Move .* down$/ })).toBeVisible();
  const box = (await queue.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
});

test('a stream that stalls for 30 s shows a clear error and a retry that resumes', async ({ page }) => {
  await page.clock.install();
  await page.goto('/album/10/x/y');
  const firstId = await page.locator('tr.track-row').first().getAttribute('data-track-id');
  // The audio request hangs, as on a dead connection, until released.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1/tracks/${firstId}/stream`, async (route) => {
    await released;
    // The player may have given up on this request already (the retry makes a new one).
    await route.continue().catch(() => undefined);
  });
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  // The player has asked for the track (its stall timer runs from there) before time moves on.
  await expect.poll(async () => (await audioState(page)).src).toContain(`/tracks/${firstId}/stream`);
  await page.clock.runFor(31_000);
  const alert = page.getByTestId('player').getByRole('alert');
  await expect(alert).toContainText('Playback stalled. Check your connection and retry.');

  release();
  await page.unroute(`**/api/v1/tracks/${firstId}/stream`);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeHidden();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expect(page.getByTestId('player').getByRole('button', { name: 'Pause' })).toBeVisible();
});
