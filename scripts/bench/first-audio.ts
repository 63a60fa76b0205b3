import { DESKTOP_VIEWPORT, launchChromium } from './browser.ts';

/**
 * Time to first audio: from the listener's click on a page's play button to the `playing` event
 * of the player's `<audio>`, both read from the events' own timestamps in the page, so neither
 * the test driver nor the bench's clock is counted. Each run is a fresh browser profile (nothing
 * cached) opening the page anew; the click comes once the page has settled (loaded, network
 * quiet), as a listener reads the page before pressing play.
 */
export interface FirstAudio {
  samples: number[];
  median: number;
}

export async function measureFirstAudio(base: string, pagePath: string, runs = 5, headers: Record<string, string> = {}): Promise<FirstAudio | { error: string }> {
  const browser = await launchChromium();
  if ('error' in browser) return browser;
  try {
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, extraHTTPHeaders: headers });
      try {
        const page = await context.newPage();
        const response = await page.goto(new URL(pagePath, base).href, { waitUntil: 'networkidle' });
        if (!response?.ok()) return { error: `${pagePath} answered ${response?.status()}` };
        const button = page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).first();
        await button.waitFor();
        await page.waitForFunction((element) => element && !(element as HTMLButtonElement).disabled, await button.elementHandle());
        // Listening starts before the click, in the page: the click's time is when the browser made the event.
        await page.evaluate(() => {
          const global = window as unknown as { firstAudio: Promise<number> };
          global.firstAudio = new Promise((resolve) => {
            document.addEventListener(
              'click',
              (click) => {
                document.addEventListener('playing', (playing) => resolve(playing.timeStamp - click.timeStamp), { capture: true, once: true });
              },
              { capture: true, once: true },
            );
          });
        });
        await button.click();
        const ms = await page.evaluate(() =>
          Promise.race([
            (window as unknown as { firstAudio: Promise<number> }).firstAudio,
            new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no playing event within 10 s')), 10_000)),
          ]),
        );
        samples.push(ms);
      } finally {
        await context.close();
      }
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return { samples, median: sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2 };
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    await browser.close();
  }
}
