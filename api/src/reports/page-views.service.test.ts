import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '@app/db';
import { flushPageViews, PAGE_VIEW_BATCH, pageViewOf, recordPageView, type ServedPage } from './page-views.service.ts';
import { visitorsInsights } from './reports.service.ts';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const page = (changes: Partial<ServedPage> = {}): ServedPage => ({
  method: 'GET',
  path: '/artist/1/mara',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  userAgent: chrome,
  purpose: undefined,
  ip: '203.0.113.9',
  country: undefined,
  userId: null,
  ...changes,
});

describe('pageViewOf', () => {
  it('records a page served to a person, with device details and no address', () => {
    const view = pageViewOf(page({ country: 'de' }))!;
    expect(view).toMatchObject({ path: '/artist/1/mara', user_id: null, device: 'desktop', platform: 'Linux', browser: 'Chrome', country: 'DE' });
    expect(view.visitor).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(view)).not.toContain('203.0.113.9');
  });

  it('gives one visitor the same hash within a day and a logged-in user their id', () => {
    expect(pageViewOf(page())!.visitor).toBe(pageViewOf(page({ path: '/' }))!.visitor);
    expect(pageViewOf(page({ ip: '203.0.113.10' }))!.visitor).not.toBe(pageViewOf(page())!.visitor);
    expect(pageViewOf(page({ userId: 7 }))!.visitor).toBe('user:7');
  });

  it('skips bots, prefetches, errors, redirects, non-HTML and non-GET', () => {
    expect(pageViewOf(page({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }))).toBeNull();
    expect(pageViewOf(page({ userAgent: 'curl/8.5.0' }))).toBeNull();
    expect(pageViewOf(page({ userAgent: undefined }))).toBeNull();
    expect(pageViewOf(page({ purpose: 'prefetch' }))).toBeNull();
    expect(pageViewOf(page({ status: 404 }))).toBeNull();
    expect(pageViewOf(page({ status: 302 }))).toBeNull();
    expect(pageViewOf(page({ contentType: 'application/json' }))).toBeNull();
    expect(pageViewOf(page({ method: 'POST' }))).toBeNull();
  });
});

describe('recordPageView', () => {
  const view = (path: string) => pageViewOf(page({ path }))!;
  const today = () => new Date().toISOString().slice(0, 10);
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.destroy());

  it('counts every view in the visitors report, in batches written within a second', async () => {
    const failed = vi.fn();
    for (let i = 0; i < 3; i++) recordPageView(db, view(`/album/${i}/a/b`), failed);
    // The report shows what was served so far, even before the batch is written.
    expect((await visitorsInsights(db, { from: today(), to: today() })).views).toBe(3);

    const written = async () => Number((await db.selectFrom('page_views').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    // The batch's second passes on a test clock rather than the wall's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      recordPageView(db, view('/search'), failed);
      expect(await written()).toBe(3);
      await vi.advanceTimersByTimeAsync(PAGE_VIEW_BATCH.delayMs - 1);
      expect(await written()).toBe(3);
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    // The second is up: the batch is on its way to the database.
    await vi.waitFor(async () => expect(await written()).toBe(4), { timeout: 500 });

    // A full batch goes at once.
    for (let i = 0; i < PAGE_VIEW_BATCH.size; i++) recordPageView(db, view('/'), failed);
    await vi.waitFor(async () => expect(await written()).toBe(4 + PAGE_VIEW_BATCH.size), { timeout: 500 });
    expect(failed).not.toHaveBeenCalled();
  });

  it('loses nothing when the server stops: the last batch is written by flushPageViews', async () => {
    recordPageView(db, view('/last'), () => {});
    await flushPageViews(db);
    const last = await db.selectFrom('page_views').select('path').where('path', '=', '/last').execute();
    expect(last).toHaveLength(1);
  });
});
