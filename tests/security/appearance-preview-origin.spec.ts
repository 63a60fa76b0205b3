import { APPEARANCE_EDITOR_SOURCE, APPEARANCE_PREVIEW_FRAME_NAME, type EditorMessage } from '@app/shared/appearance-preview';
import { expect, test, type Frame } from '@playwright/test';
import { E2E_PORT } from '../support/constants.ts';
import { startOtherSite } from '../support/other-site.ts';

/**
 * Issue 24, point 5: the preview frame took the editor's messages from any page on the site's host
 * name. A page on another port of that host (another origin) framed an embed, which may be framed
 * anywhere, under the preview frame's name, and restyled it with the editor's messages. The
 * preview now listens only to its parent, on the site's own origin.
 */

const source = APPEARANCE_EDITOR_SOURCE;
const attack: EditorMessage[] = [
  { source, type: 'setThemeValue', name: '--be-background', value: '255 0 0' },
  { source, type: 'setActiveTheme', themeId: 1, isDark: true, values: { '--be-primary': '255 0 0' } },
  { source, type: 'setValues', values: { 'branding.site_name': 'Hijacked' } },
  { source, type: 'setCustomCode', mode: 'css', value: 'body { display: none }' },
];

/** Counts the message listeners each document adds, so a test knows when the preview listens. */
function countMessageListeners() {
  const add = EventTarget.prototype.addEventListener;
  const counted = window as unknown as { messageListeners: number };
  counted.messageListeners = 0;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, ...rest: [EventListenerOrEventListenerObject | null, (boolean | AddEventListenerOptions)?]) {
    if (this === window && type === 'message') counted.messageListeners += 1;
    return add.call(this, type, ...rest);
  };
}

const listeners = (frame: Frame) => frame.evaluate(() => (window as unknown as { messageListeners: number }).messageListeners);

/** The frame's own record of the origins of the messages it got. */
async function recordMessages(frame: Frame) {
  await frame.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    window.addEventListener('message', (event) => seen.push(event.origin));
  });
  return () => frame.evaluate(() => (window as unknown as { seen: string[] }).seen);
}

/** What the messages would have changed. */
const look = (frame: Frame) =>
  frame.evaluate(() => ({
    background: document.documentElement.style.getPropertyValue('--be-background'),
    primary: document.documentElement.style.getPropertyValue('--be-primary'),
    dark: document.documentElement.classList.contains('dark'),
    bodyShown: getComputedStyle(document.body).display !== 'none',
  }));

test('a page on another port of the same host name cannot restyle an embed it frames as the preview', async ({ page }) => {
  await page.addInitScript(countMessageListeners);
  const embedUrl = `http://localhost:${E2E_PORT}/album/1/x/y/embed`;
  const attacker = await startOtherSite(`<!doctype html><title>Attacker</title><iframe name="${APPEARANCE_PREVIEW_FRAME_NAME}" src="${embedUrl}" width="600" height="420"></iframe>`);
  try {
    // Same host name as the site, another port: another origin.
    const attackerUrl = attacker.url.replace('127.0.0.1', 'localhost');
    expect(new URL(attackerUrl).hostname).toBe('localhost');
    await page.goto(attackerUrl);
    const embed = page.frame({ name: APPEARANCE_PREVIEW_FRAME_NAME })!;
    await expect(embed.locator('.embed-tracks li')).not.toHaveCount(0);
    const before = await look(embed);
    // The frame's name loads the preview, which listens: the attack reaches a listening preview.
    await expect.poll(() => listeners(embed)).toBeGreaterThan(0);
    const seen = await recordMessages(embed);

    await page.evaluate((messages) => {
      const preview = window.frames[0] as Window;
      for (const message of messages) preview.postMessage(message, '*');
    }, attack);
    await expect.poll(seen).toEqual(attack.map(() => new URL(attackerUrl).origin));
    expect(await look(embed)).toEqual(before);
    expect(before).toEqual({ background: '', primary: '', dark: false, bodyShown: true });
  } finally {
    await attacker.close();
  }
});

test("a page of the site's own origin that is not the frame's parent cannot restyle the preview", async ({ page, context }) => {
  await page.addInitScript(countMessageListeners);
  // The editor's page: the preview frame inside a page of the site.
  await page.goto('/contact');
  await page.evaluate((name) => {
    const frame = document.createElement('iframe');
    frame.name = name;
    frame.src = '/album/1/x/y/embed';
    document.body.append(frame);
  }, APPEARANCE_PREVIEW_FRAME_NAME);
  await expect.poll(() => page.frame({ name: APPEARANCE_PREVIEW_FRAME_NAME })?.url()).toContain('/embed');
  const preview = page.frame({ name: APPEARANCE_PREVIEW_FRAME_NAME })!;
  await expect.poll(() => listeners(preview)).toBeGreaterThan(0);
  const before = await look(preview);
  const seen = await recordMessages(preview);

  // Another tab of the same site reaches the frame by its name (a named frame is found from any
  // page of the browsing context group that opened it): same origin, but not the editor.
  const [other] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open('/contact', 'other-tab'))]);
  await other.waitForLoadState();
  await other.evaluate(
    (messages) => {
      const preview = (window.opener as Window).frames[0] as Window;
      for (const message of messages) preview.postMessage(message, location.origin);
    },
    attack,
  );
  await expect.poll(seen).toHaveLength(attack.length);
  expect(await look(preview)).toEqual(before);

  // The same message from the frame's parent is shown: the preview was listening all along.
  await page.evaluate((message) => (document.querySelector('iframe') as HTMLIFrameElement).contentWindow!.postMessage(message, location.origin), attack[0]);
  await expect.poll(() => look(preview).then((now) => now.background)).toBe('255 0 0');
  await other.close();
});
