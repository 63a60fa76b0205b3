import { describe, expect, it } from 'vitest';
import { channelReferences, landingIcon, landingLinks } from './landing.ts';

const visitor = { loggedIn: false, registrationOpen: true };
const action = (href: string, primary = false) => ({ label: href, action: href, primary });

describe('landingLinks', () => {
  it('keeps site paths in the tab and opens other sites in a new one', () => {
    const links = landingLinks([action('/channel/discover', true), action('https://example.com/about'), action('mailto:hello@example.com')], visitor);
    expect(links.map(({ href, external, primary, index }) => ({ href, external, primary, index }))).toEqual([
      { href: '/channel/discover', external: false, primary: true, index: 0 },
      { href: 'https://example.com/about', external: true, primary: false, index: 1 },
      { href: 'mailto:hello@example.com', external: true, primary: false, index: 2 },
    ]);
  });

  it('offers registering only to visitors while registration is open, keeping the other buttons’ places', () => {
    const actions = [action('/register'), action('/register?redirectFrom=pricing'), action('/register/'), action('/registered-artists')];
    expect(landingLinks(actions, visitor)).toHaveLength(4);
    expect(landingLinks(actions, { loggedIn: true, registrationOpen: true }).map((link) => [link.href, link.index])).toEqual([['/registered-artists', 3]]);
    expect(landingLinks(actions, { loggedIn: false, registrationOpen: false }).map((link) => link.href)).toEqual(['/registered-artists']);
  });

  it('drops addresses that would run script or leave the site without saying so', () => {
    const links = landingLinks([action('javascript:alert(1)'), action(' JavaScript:alert(1)'), action('data:text/html,hi'), action('//evil.example/'), action('evil.example')], visitor);
    expect(links).toEqual([]);
  });
});

describe('landingIcon', () => {
  it('knows the menu icon names and the icon set, and nothing else', () => {
    expect(landingIcon('favorite')).toBe('heart');
    expect(landingIcon('music')).toBe('music');
    expect(landingIcon('creditCard')).toBe('creditCard');
    expect(landingIcon('no-such-icon')).toBeUndefined();
    expect(landingIcon('toString')).toBeUndefined();
    expect(landingIcon('')).toBeUndefined();
  });
});

describe('channelReferences', () => {
  it('keeps slugs and ids once each, and nothing an address could not hold', () => {
    expect(channelReferences(['new-releases', ' 12 ', 'new-releases', '../admin', 'a/b', 'Découvrir'])).toEqual(['new-releases', '12', 'Découvrir']);
  });
});
