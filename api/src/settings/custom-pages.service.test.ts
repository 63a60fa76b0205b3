import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './custom-pages.service.ts';

describe('custom page HTML', () => {
  it("prefixes ids so content cannot take the site's own", async () => {
    expect(await sanitizePageHtml('<p id="be-bootstrap">x</p><h2 id="main">y</h2>')).toBe('<p id="user-content-be-bootstrap">x</p><h2 id="user-content-main">y</h2>');
  });

  it('points in-page links at the renamed elements and leaves other links alone', async () => {
    const html = await sanitizePageHtml('<a href="#faq">FAQ</a><a href="#">Top</a><a href="/pages/faq#faq">Elsewhere</a><h2 id="faq">FAQ</h2>');
    expect(html).toBe('<a href="#user-content-faq">FAQ</a><a href="#">Top</a><a href="/pages/faq#faq">Elsewhere</a><h2 id="user-content-faq">FAQ</h2>');
  });

  it('is the same when cleaned twice, as bodies are when saved and when shown', async () => {
    const once = await sanitizePageHtml('<a href="#faq" target="_blank">FAQ</a><h2 id="faq">FAQ</h2>');
    expect(await sanitizePageHtml(once)).toBe(once);
    expect(once).toContain('rel="noopener noreferrer"');
  });

  it('still drops scripts, handlers and names', async () => {
    expect(await sanitizePageHtml('<img src="https://x.test/a.png" name="be-bootstrap" onerror="alert(1)"><script>alert(1)</script><form id="f"></form>')).toBe('<img src="https://x.test/a.png" />');
  });
});
