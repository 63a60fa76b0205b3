import { describe, expect, it } from 'vitest';
import { sameSitePath } from './redirects.ts';

const APP_URL = 'https://music.example.com';

describe('sameSitePath', () => {
  it('keeps a path of the site with its query and fragment', () => {
    expect(sameSitePath('/album/1/x?y=1#z', APP_URL)).toBe('/album/1/x?y=1#z');
    expect(sameSitePath('/', APP_URL)).toBe('/');
    expect(sameSitePath('/workspace/join/login?invite_id=abc', APP_URL)).toBe('/workspace/join/login?invite_id=abc');
  });

  it('gives the path as the browser will read it, safe to send in a Location header', () => {
    expect(sameSitePath('/search/neon drive', APP_URL)).toBe('/search/neon%20drive');
    expect(sameSitePath('/search/beyoncé', APP_URL)).toBe('/search/beyonc%C3%A9');
    expect(sameSitePath('/a/../library', APP_URL)).toBe('/library');
  });

  it.each([
    ['a tab, which browsers drop', '/\t/evil.com'],
    ['a newline', '/\n/evil.com'],
    ['a carriage return', '/\r/evil.com'],
    ['a NUL', '/\0/evil.com'],
    ['a DEL', '/\x7f/evil.com'],
    ['a backslash, which browsers read as a slash', '/\\evil.com'],
    ['two backslashes', '\\\\evil.com'],
    ['a backslash later on', '/library\\..\\..\\evil.com'],
    ['a protocol-relative address', '//evil.com'],
    ['an address on another site', 'https://evil.com/'],
    ['a javascript: URL', 'javascript:alert(document.domain)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['slashes still encoded once', '%2F%2Fevil.com'],
    ['a relative address', 'evil.com'],
    ['dot segments that leave two slashes', '/..//evil.com'],
    ['a dot segment that leaves two slashes', '/.//evil.com'],
    ['encoded dot segments that leave two slashes', '/%2e%2e//evil.com'],
    ['nothing', ''],
  ])('refuses %s', (_name, value) => {
    expect(sameSitePath(value, APP_URL)).toBeNull();
  });

  it('refuses what is not a string, and very long values', () => {
    expect(sameSitePath(null, APP_URL)).toBeNull();
    expect(sameSitePath(undefined, APP_URL)).toBeNull();
    expect(sameSitePath(['/library'], APP_URL)).toBeNull();
    expect(sameSitePath(`/${'a'.repeat(3000)}`, APP_URL)).toBeNull();
  });

  it('refuses a full address, even of the site itself: only paths are taken', () => {
    expect(sameSitePath('https://music.example.com/library?x=1', APP_URL)).toBeNull();
  });
});
