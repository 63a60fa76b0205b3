import { describe, expect, it } from 'vitest';
import { renderSeoTemplate } from './seo.ts';

describe('renderSeoTemplate', () => {
  it('fills the placeholders a page offers', () => {
    expect(renderSeoTemplate('{name} - {artists} - {site_name}', { name: 'Blue', artists: 'Ana, Bo', site_name: 'Cadence' })).toBe('Blue - Ana, Bo - Cadence');
    expect(renderSeoTemplate('Search results for "{query}"', { query: 'lant' })).toBe('Search results for "lant"');
  });

  it('drops a separator left by an empty value', () => {
    expect(renderSeoTemplate('{name} - {artists} - {site_name}', { name: 'Blue', site_name: 'Cadence' })).toBe('Blue - Cadence');
    expect(renderSeoTemplate('{name} - {site_name}', { site_name: 'Cadence' })).toBe('Cadence');
    expect(renderSeoTemplate('{description}', {})).toBe('');
  });

  it('leaves unknown braces and markup as text', () => {
    expect(renderSeoTemplate('{unknown} <b>{name}</b>', { name: 'A&B' })).toBe('{unknown} <b>A&B</b>');
  });
});
