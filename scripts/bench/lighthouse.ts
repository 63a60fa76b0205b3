import { existsSync } from 'node:fs';

/**
 * Lighthouse's performance score of one page with its desktop preset, in the system Chromium
 * (CHROMIUM_PATH or /usr/bin/chromium), and the page's scripts as its resource summary counts
 * them (every script request until the network is quiet, bytes on the wire). Returns the reason
 * instead of a score when it cannot run.
 */
export async function lighthousePerformance(
  url: string,
): Promise<{ score: number; metrics: Record<string, number>; scripts: { requests: number; transfer: number } } | { error: string }> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) return { error: `no Chromium at ${chromePath} (set CHROMIUM_PATH)` };
  const load = () => Promise.all([import('lighthouse'), import('lighthouse/core/config/desktop-config.js'), import('chrome-launcher')]);
  let modules: Awaited<ReturnType<typeof load>>;
  try {
    modules = await load();
  } catch (error) {
    return { error: `lighthouse is not installed (${(error as Error).message})` };
  }
  const [{ default: lighthouse }, { default: desktopConfig }, chromeLauncher] = modules;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
    const lhr = result?.lhr;
    if (!lhr) return { error: 'lighthouse returned no report' };
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) return { error: 'no performance score in the report' };
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; requestCount: number; transferSize: number }[] } | undefined)?.items;
    const script = summary?.find((item) => item.resourceType === 'script');
    return {
      scripts: { requests: script?.requestCount ?? 0, transfer: script?.transferSize ?? 0 },
      score: Math.round(score * 100),
      metrics: {
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
      },
    };
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    chrome.kill();
  }
}
