import type { BootstrapData, SeoPage } from '@app/api';
import { renderSeoTemplate, type SeoValues } from '@app/shared/seo';
import { msg, translator } from './i18n.ts';

// The default templates with words in them: listed for translators, so that a site in another
// language keeps translated titles until an admin writes templates of their own.
msg('{site_name} - Listen to music you love');
msg('{name} on {site_name}');
msg('Search results for "{query}" - {site_name}');
msg('Artists, albums, tracks and playlists matching "{query}" on {site_name}.');

/**
 * The <title> and description of a page from the appearance editor's SEO templates
 * (seo.<page>.title|description), for Document's `seo` prop. The site's name and description are
 * offered to every template; a description that comes out empty is the site description.
 */
export function seoMeta(bootstrap: Pick<BootstrapData, 'settings' | 'i18n'>, page: SeoPage, values: Omit<SeoValues, 'site_name' | 'site_description'> = {}): { title: string; description: string } {
  const { settings } = bootstrap;
  const t = translator(bootstrap.i18n.lines, bootstrap.i18n.language);
  const site = { site_name: settings['branding.site_name'] ?? '', site_description: settings['branding.site_description'] ?? '' };
  const fill = (template: string | undefined) => renderSeoTemplate(template ? t(template) : '', { ...values, ...site });
  return {
    title: fill(settings[`seo.${page}.title`]) || site.site_name,
    description: fill(settings[`seo.${page}.description`]) || site.site_description,
  };
}
