import { DESKTOP_VIEWPORT, launchChromium } from './browser.ts';

/**
 * Every script a browser downloads for a page, counted as Lighthouse counts them (its
 * resource-summary "Script" row): bytes on the wire, headers included, compressed as the server
 * really sends them, from the first request until the network has been quiet for a while. That
 * takes in what loads after the first paint too: islands hydrated when idle or visible in the
 * first screen, modules they import later, prefetched pages' scripts and the ClientRouter.
 * A fresh browser profile each time (nothing cached), Lighthouse's desktop screen size, no
 * scrolling, hovering or clicking: what loads on interaction is not counted, as it is not loaded.
 */
export interface PageScripts {
  files: { url: string; transfer: number; afterLoad: boolean }[];
  totalTransfer: number;
  /** Of the total, what arrived after the page's load event. */
  afterLoadTransfer: number;
}

/** How long the network must stay quiet, after the load event, before counting stops. */
const QUIET_MS = 2000;

export async function measurePageScripts(base: string, pagePath: string, headers: Record<string, string> = {}): Promise<PageScripts | { error: string }> {
  const browser = await launchChromium();
  if ('error' in browser) return browser;
  try {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, extraHTTPHeaders: headers });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, string>();
    const files: PageScripts['files'] = [];
    let inFlight = 0;
    let lastActivity = performance.now();
    let loaded = false;
    cdp.on('Network.requestWillBeSent', () => {
      inFlight++;
      lastActivity = performance.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
    });
    const finished = (requestId: string, encodedDataLength: number) => {
      inFlight--;
      lastActivity = performance.now();
      const url = scripts.get(requestId);
      if (url) files.push({ url: new URL(url).pathname, transfer: encodedDataLength, afterLoad: loaded });
    };
    cdp.on('Network.loadingFinished', (event) => finished(event.requestId, event.encodedDataLength));
    cdp.on('Network.loadingFailed', (event) => finished(event.requestId, 0));

    const response = await page.goto(new URL(pagePath, base).href, { waitUntil: 'load' });
    if (!response?.ok()) return { error: `${pagePath} answered ${response?.status()}` };
    loaded = true;
    const deadline = performance.now() + 30_000;
    while (inFlight > 0 || performance.now() - lastActivity < QUIET_MS) {
      if (performance.now() > deadline) return { error: 'the network never went quiet' };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const total = (list: PageScripts['files']) => list.reduce((sum, file) => sum + file.transfer, 0);
    return { files, totalTransfer: total(files), afterLoadTransfer: total(files.filter((file) => file.afterLoad)) };
  } finally {
    await browser.close();
  }
}
