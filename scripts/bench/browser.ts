import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** The system Chromium (CHROMIUM_PATH or /usr/bin/chromium), as the e2e tests and Lighthouse use it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Lighthouse's desktop preset screen, so both measures load the same islands (some depend on the width). */
export const DESKTOP_VIEWPORT = { width: 1350, height: 940 };

/** Launches the system Chromium headless, or says why it cannot. */
export async function launchChromium(): Promise<Browser | { error: string }> {
  if (!existsSync(chromiumPath)) return { error: `no Chromium at ${chromiumPath} (set CHROMIUM_PATH)` };
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--mute-audio',
    ],
  });
}
