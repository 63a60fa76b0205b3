import { createHash } from 'node:crypto';
import { createTestApp } from '@app/api/testing';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10, point 7, for what the browser suite cannot reach: an https address, and the pages the
 * API writes itself. The pages of the site are in headers.spec.ts.
 */

describe('Strict-Transport-Security', () => {
  it('is sent when APP_URL is https, for this host only', async () => {
    const secure = await createTestApp({ APP_URL: 'https://music.example.com' });
    try {
      for (const path of ['/api/v1/genres', '/api/v1/no-such-thing']) {
        // includeSubDomains would move every other site under the same domain to https for a year.
        expect((await secure.app.request(path)).headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
      }
    } finally {
      await secure.close();
    }
  });

  it('is not sent when APP_URL is http', async () => {
    const plain = await createTestApp({ APP_URL: 'http://music.example.com' });
    try {
      expect((await plain.app.request('/api/v1/genres')).headers.has('Strict-Transport-Security')).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

describe('the sign-in popup page', () => {
  it('runs its own script and no other', async () => {
    const t = await createTestApp();
    try {
      // Google sign-in is off: the popup says so to the window that opened it.
      const response = await t.app.request('/secure/auth/social/google/login');
      const html = await response.text();
      const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
      expect(script).toContain('postMessage');
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      const policy = response.headers.get('Content-Security-Policy') ?? '';
      const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
      expect(policy).toContain("object-src 'none'");
    } finally {
      await t.close();
    }
  });
});
