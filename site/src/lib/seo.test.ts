import type { BootstrapData } from '@app/api';
import { describe, expect, it } from 'vitest';
import { seoMeta } from './seo.ts';

// The default templates (api/src/settings/settings.service.ts).
const defaults = {
  'seo.album.title': '{name} - {artists} - {site_name}',
  'seo.album.description': '{description}',
  'seo.artist.title': '{name} - {site_name}',
  'seo.user.description': '{name} on {site_name}',
  'seo.search.title': 'Search results for "{query}" - {site_name}',
};
const bootstrap = (settings: Record<string, unknown> = {}, lines: Record<string, string> = {}) =>
  ({ settings: { ...defaults, 'branding.site_name': 'Cadence', 'branding.site_description': 'Music for everyone.', ...settings }, i18n: { language: 'en', lines } }) as unknown as Pick<BootstrapData, 'settings' | 'i18n'>;

describe('seoMeta', () => {
  it("keeps the titles pages had before the templates existed", () => {
    expect(seoMeta(bootstrap(), 'album', { name: 'Blue', artists: 'Ana, Bo', description: 'An album.' })).toEqual({ title: 'Blue - Ana, Bo - Cadence', description: 'An album.' });
    expect(seoMeta(bootstrap(), 'artist', { name: 'Ana' }).title).toBe('Ana - Cadence');
    expect(seoMeta(bootstrap(), 'search', { query: 'lant' }).title).toBe('Search results for "lant" - Cadence');
  });

  it('uses the admin’s templates, and the site description when a description comes out empty', () => {
    const meta = seoMeta(bootstrap({ 'seo.album.title': 'Listen to {name} by {artists}', 'seo.album.description': '{description}' }), 'album', { name: 'Blue', artists: 'Ana', description: null });
    expect(meta).toEqual({ title: 'Listen to Blue by Ana', description: 'Music for everyone.' });
  });

  it('translates a template that has a translation, as the title it replaced was', () => {
    const meta = seoMeta(bootstrap({}, { '{name} on {site_name}': '{name} sur {site_name}' }), 'user', { name: 'Ana' });
    expect(meta.description).toBe('Ana sur Cadence');
  });
});
