import { tracks as tracksResource } from '../../api/src/admin/resources/tracks.ts';
import { measureFirstAudio } from './first-audio.ts';
import { measurePageScripts } from './first-load-js.ts';
import { lighthousePerformance } from './lighthouse.ts';
import { percentile, type randomInts, runLoad, type LoadResult, type Target } from './load.ts';
import { cpuMs, expectStatuses, kb, ms, rate, type Row, section, step } from './report.ts';

export const TARGETS = { seedSeconds: 180, searchP95Ms: 50, pageRatio: 0.3, jsonRatio: 0.5, adminMedianMs: 100, pageScriptsBytes: 150_000, lighthouse: 90, firstAudioMs: 150 };
/** Connections kept busy by the throughput runs; the latency runs send one request at a time. */
const CONCURRENCY = 8;
const THROUGHPUT_SECONDS = 5;

export interface ScaleSummary {
  tracks: number;
  albums: number;
  artists: number;
  users: number;
  playlists: number;
  seconds: number;
  phases: { name: string; seconds: number }[];
  queries: Record<'rare' | 'common' | 'prefix' | 'twoWords', { query: string; tracks?: number }[]>;
  sampleAlbumIds: number[];
  topTrackId: number;
}

/** The server on the scale catalogue, and what the measures ask it for. */
export interface ScaleRun {
  base: string;
  pid: number;
  summary: ScaleSummary;
  random: ReturnType<typeof randomInts>;
  albumIds: number[];
  albumPages: string[];
  guestHeaders: Record<string, string>;
  adminHeaders: Record<string, string>;
  adminList: (sort: string, order: string, filter: Record<string, string>) => string;
}

type Measure = (label: string, next: (i: number) => Target, allowed?: number[]) => Promise<LoadResult & { cpuPerRequest: number }>;

/** (b) Throughput against a bare route of the same process, then (c) Range streaming. */
export async function measureThroughput(run: ScaleRun): Promise<void> {
  const { base, guestHeaders, albumIds, albumPages } = run;
  const throughput = section(`Throughput, ${CONCURRENCY} concurrent connections, ${THROUGHPUT_SECONDS} s each`);
  const measure: Measure = async (label, next, allowed = [200]) => {
    step(`Throughput: ${label}…`);
    await runLoad({ base, next, concurrency: CONCURRENCY, requests: 4 * CONCURRENCY });
    const cpuBefore = cpuMs(run.pid);
    const result = await runLoad({ base, next, concurrency: CONCURRENCY, seconds: THROUGHPUT_SECONDS });
    expectStatuses(result, allowed, label);
    return { ...result, cpuPerRequest: (cpuMs(run.pid) - cpuBefore) / result.requests };
  };
  const health = await measure('GET /api/v1/health (baseline)', () => ({ path: '/api/v1/health', headers: guestHeaders }));
  const json = await measure('album JSON', (i) => ({ path: `/api/v1/albums/${albumIds[i % albumIds.length]}?with=artists,tracks,tracks.artists`, headers: guestHeaders }));
  // Pages as a browser asks for them (gzip), so a visitor after the first one of each album gets
  // it from the page cache; then every request a miss (a query string no one asked before), which
  // is what rendering costs.
  const pages = await measure('album page', (i) => ({ path: albumPages[i % albumPages.length], headers: { ...guestHeaders, 'Accept-Encoding': 'gzip, deflate, br' } }));
  let unique = 0;
  const rendered = await measure('album page, rendered', (i) => ({ path: `${albumPages[i % albumPages.length]}?bench=${++unique}`, headers: guestHeaders }));
  const line = (result: LoadResult & { cpuPerRequest: number }) =>
    `${rate(result.perSecond)}p50 ${ms(percentile(result.latencies, 50))}, server CPU ${result.cpuPerRequest.toFixed(2)} ms/req`;
  throughput.push({ label: 'bare route GET /api/v1/health', value: line(health) });
  throughput.push({ label: 'album JSON (artists, tracks, tracks.artists)', value: line(json) });
  throughput.push({ label: 'album page HTML (page cache)', value: line(pages) });
  throughput.push({ label: 'album page HTML, rendered each time', value: line(rendered) });
  const jsonRatio = json.perSecond / health.perSecond;
  const pageRatio = pages.perSecond / health.perSecond;
  throughput.push({ label: 'album JSON / bare route', value: jsonRatio.toFixed(2), target: `>= ${TARGETS.jsonRatio}`, ok: jsonRatio >= TARGETS.jsonRatio });
  throughput.push({ label: 'album page / bare route', value: pageRatio.toFixed(2), target: `>= ${TARGETS.pageRatio}`, ok: pageRatio >= TARGETS.pageRatio });
  throughput.push({ label: '  the same by server CPU per request (JSON, page)', value: `${(health.cpuPerRequest / json.cpuPerRequest).toFixed(2)}, ${(health.cpuPerRequest / pages.cpuPerRequest).toFixed(2)}` });
  throughput.push({ label: 'album page rendered each time / bare route', value: (rendered.perSecond / health.perSecond).toFixed(2) });
  await measureRangeStreaming(run, measure, throughput);
}

/** (c) Range streaming: random 64 KB windows of random tracks. */
async function measureRangeStreaming({ base, guestHeaders, summary, random }: ScaleRun, measure: Measure, throughput: Row[]): Promise<void> {
  const probe = await fetch(`${base}/api/v1/tracks/${summary.topTrackId}/stream`, { headers: { ...guestHeaders, Range: 'bytes=0-0' } });
  await probe.arrayBuffer();
  const fileSize = Number(/\/(\d+)$/.exec(probe.headers.get('content-range') ?? '')?.[1]);
  if (probe.status !== 206 || !fileSize) throw new Error(`stream probe answered ${probe.status}`);
  const window = 64 * 1024;
  const streams = await measure('Range streaming', () => {
    const start = random(0, Math.max(0, Math.floor(fileSize * 0.7) - window));
    return { path: `/api/v1/tracks/${random(1, summary.tracks)}/stream`, headers: { ...guestHeaders, Range: `bytes=${start}-${start + window - 1}` } };
  }, [206]);
  throughput.push({
    label: 'Range streaming, random 64 KB of random tracks',
    value: `${rate(streams.perSecond)}${(streams.bytes / streams.seconds / 1e6).toFixed(1)} MB/s, p95 ${ms(percentile(streams.latencies, 95))}`,
  });
}

/** (a) Search latency, one request at a time. */
export async function measureSearch({ base, guestHeaders, summary }: ScaleRun): Promise<void> {
  const search = section('Search GET /api/v1/search?query=…, sequential requests');
  const searchProbe = await fetch(`${base}/api/v1/search?query=${encodeURIComponent(summary.queries.common[0].query)}`, { headers: guestHeaders });
  await searchProbe.arrayBuffer();
  if (searchProbe.status === 404) {
    step('search: endpoint not available');
    search.push({ label: 'search', value: 'endpoint not available (404)' });
    return;
  }
  for (const [kind, label] of [['rare', 'rare word'], ['common', 'common word'], ['prefix', 'prefix (3 letters)'], ['twoWords', 'two words']] as const) {
    const queries = summary.queries[kind];
    step(`Search: ${label}…`);
    const result = await runLoad({
      base,
      next: (i) => ({ path: `/api/v1/search?query=${encodeURIComponent(queries[i % queries.length].query)}`, headers: guestHeaders }),
      concurrency: 1,
      requests: 120,
      seconds: 20,
      warmup: queries.length,
    });
    expectStatuses(result, [200], `search ${label}`);
    const p95 = percentile(result.latencies, 95);
    search.push({
      label: `${label}: ${queries.slice(0, 3).map((q) => `"${q.query}"`).join(', ')}…`,
      value: `p50 ${ms(percentile(result.latencies, 50))}, p95 ${ms(p95)}`,
      target: `p95 < ${TARGETS.searchP95Ms} ms`,
      ok: p95 < TARGETS.searchP95Ms,
    });
  }
}

/**
 * (d) The back office's tracks list: each whitelisted sort, filtered by text.
 * What people type: a common word, a rare one, two words, the start of a word.
 */
export async function measureAdminList({ base, adminHeaders, adminList, summary }: ScaleRun): Promise<void> {
  const q = summary.queries;
  const words = [0, 1].flatMap((i) => [q.common[i], q.rare[i], q.twoWords[i], q.prefix[i]]).filter(Boolean).map((w) => w.query);
  const adminRows = section(`Back office GET /api/admin/tracks, 25 rows, sequential requests`);
  adminRows.push({ label: `filtered by text, rotating: ${words.slice(0, 4).map((w) => `"${w}"`).join(', ')}…`, value: '' });
  for (const field of tracksResource.table.sortable) {
    for (const order of ['ASC', 'DESC']) {
      step(`Back office: sort ${field} ${order}, filtered…`);
      const result = await runLoad({ base, next: (i) => ({ path: adminList(field, order, { q: words[i % words.length] }), headers: adminHeaders }), concurrency: 1, requests: 2 * words.length, seconds: 20, warmup: 2 });
      expectStatuses(result, [200], `admin tracks sorted by ${field}`);
      const median = percentile(result.latencies, 50);
      adminRows.push({ label: `  sort ${field} ${order}`, value: `median ${ms(median)}, max ${ms(Math.max(...result.latencies))}`, target: `median < ${TARGETS.adminMedianMs} ms`, ok: median < TARGETS.adminMedianMs });
    }
  }
  adminRows.push({ label: 'no filter (the list as it opens: created_at DESC)', value: '' });
  for (const field of tracksResource.table.sortable) {
    const order = field === 'created_at' || field === 'plays' ? 'DESC' : 'ASC';
    step(`Back office: sort ${field} ${order}, no filter…`);
    const result = await runLoad({ base, next: () => ({ path: adminList(field, order, {}), headers: adminHeaders }), concurrency: 1, requests: 6, seconds: 20, warmup: 1 });
    expectStatuses(result, [200], `admin tracks sorted by ${field}`);
    const median = percentile(result.latencies, 50);
    adminRows.push({ label: `  sort ${field} ${order}`, value: `median ${ms(median)}`, target: `median < ${TARGETS.adminMedianMs} ms`, ok: median < TARGETS.adminMedianMs });
  }
}

/** (e) The album page in Chromium: its scripts and the time from a click on play to audio; then (f) Lighthouse. */
export async function measureAlbumPageInBrowser({ base, albumPages, summary }: ScaleRun, lighthouse: boolean): Promise<void> {
  const pagesSection = section('Album page in the browser');
  step('Album page: all its scripts, in Chromium…');
  const albumPage = albumPages.find((p) => p.startsWith(`/album/${summary.sampleAlbumIds.at(-1)}/`)) ?? albumPages[0];
  const js = await measurePageScripts(base, albumPage);
  if ('error' in js) pagesSection.push({ label: 'scripts, all transfer', value: `not measured: ${js.error}` });
  else {
    pagesSection.push({
      label: `scripts, all transfer (${js.files.length} files, ${kb(js.afterLoadTransfer)} after load)`,
      value: kb(js.totalTransfer),
      target: `<= ${kb(TARGETS.pageScriptsBytes)}`,
      ok: js.totalTransfer <= TARGETS.pageScriptsBytes,
    });
  }
  step('Album page: time to first audio, 5 fresh pages…');
  const audio = await measureFirstAudio(base, albumPage, 5);
  if ('error' in audio) pagesSection.push({ label: 'first audio, click → playing', value: `not measured: ${audio.error}` });
  else {
    pagesSection.push({
      label: 'first audio, click → playing, median of 5 fresh pages',
      value: `${ms(audio.median)} (${audio.samples.map((s) => s.toFixed(0)).join(', ')})`,
      target: `< ${TARGETS.firstAudioMs} ms`,
      ok: audio.median < TARGETS.firstAudioMs,
    });
  }
  if (lighthouse) await measureLighthouse(`${base}${albumPage}`, pagesSection);
  else pagesSection.push({ label: 'Lighthouse performance (desktop)', value: 'skipped (--no-lighthouse)' });
}

/** (f) Lighthouse, desktop preset. */
async function measureLighthouse(url: string, pagesSection: Row[]): Promise<void> {
  step('Album page: Lighthouse performance, desktop preset…');
  const result = await lighthousePerformance(url);
  if ('error' in result) {
    pagesSection.push({ label: 'Lighthouse performance (desktop)', value: `not measured: ${result.error}` });
    return;
  }
  pagesSection.push({ label: 'Lighthouse performance (desktop)', value: String(result.score), target: `>= ${TARGETS.lighthouse}`, ok: result.score >= TARGETS.lighthouse });
  const m = result.metrics;
  pagesSection.push({
    label: `  scripts, as Lighthouse counts them (${result.scripts.requests} requests)`,
    value: kb(result.scripts.transfer),
    target: `<= ${kb(TARGETS.pageScriptsBytes)}`,
    ok: result.scripts.transfer <= TARGETS.pageScriptsBytes,
  });
  pagesSection.push({ label: '  FCP, LCP, TBT, CLS', value: `${(m.fcpMs / 1000).toFixed(2)} s, ${(m.lcpMs / 1000).toFixed(2)} s, ${m.tbtMs.toFixed(0)} ms, ${m.cls.toFixed(3)}` });
}
