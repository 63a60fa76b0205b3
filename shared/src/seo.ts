// Shared with the site's pages, so it stays pure: no imports, nothing Node-only.

/** Values a page offers to its SEO templates; a placeholder without a value becomes empty. */
export type SeoValues = Partial<Record<'site_name' | 'site_description' | 'name' | 'artists' | 'description' | 'query', string | null | undefined>>;

const PLACEHOLDER = /\{(site_name|site_description|name|artists|description|query)\}/g;

/**
 * Fills an admin's SEO template (appearance editor › SEO). Text is inserted as it is: pages put
 * the result in attributes and <title>, which Astro escapes. Separators left dangling by an empty
 * placeholder ("Song -  - Site") are tidied so that a missing value does not show.
 */
export function renderSeoTemplate(template: string, values: SeoValues): string {
  const filled = template.replace(PLACEHOLDER, (_, name: keyof SeoValues) => (values[name] ?? '').trim());
  return filled
    .replace(/\s+/g, ' ')
    .replace(/(\s[-|·]\s)(?:[-|·]\s)+/g, '$1')
    .replace(/^\s*[-|·]\s+|\s+[-|·]\s*$/g, '')
    .trim();
}
