// @vitest-environment happy-dom
import { APPEARANCE_EDITOR_SOURCE, type EditorMessage } from '@app/shared/appearance-preview';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyPreviewState, boundValue, emptyPreviewState, reducePreviewState } from './appearance-preview.ts';

const source = APPEARANCE_EDITOR_SOURCE;
const run = (...messages: EditorMessage[]) => messages.reduce(reducePreviewState, emptyPreviewState());

describe('binding paths', () => {
  const values = {
    'branding.site_name': 'Nightingale',
    landing: 'a setting whose name is a prefix of another',
    'landing.sections': { hero: { title: 'Hi', actions: [{ label: 'Start' }] }, features: { items: [{ title: 'One' }, { title: 'Two' }] } },
  };

  it('finds the setting by the longest name the path starts with, then walks into its value', () => {
    expect(boundValue(values, 'branding.site_name')).toBe('Nightingale');
    expect(boundValue(values, 'landing.sections.hero.title')).toBe('Hi');
    expect(boundValue(values, 'landing.sections.features.items.1.title')).toBe('Two');
    expect(boundValue(values, 'landing.sections.hero.actions.0.label')).toBe('Start');
    expect(boundValue(values, 'landing')).toBe('a setting whose name is a prefix of another');
  });

  it('finds nothing for settings the editor did not send, or paths that lead nowhere', () => {
    expect(boundValue(values, 'branding.site_description')).toBeUndefined();
    // "branding.site_name" is not a prefix of "branding.site_names".
    expect(boundValue(values, 'branding.site_names')).toBeUndefined();
    expect(boundValue(values, 'landing.sections.features.items.5.title')).toBeUndefined();
    expect(boundValue(values, 'landing.sections.hero.title.length')).toBeUndefined();
    expect(boundValue(values, 'landing.sections.__proto__.constructor')).toBeUndefined();
  });
});

describe('the preview state', () => {
  it('merges values, and a new active theme drops the edits of the previous one', () => {
    const state = run(
      { source, type: 'setValues', values: { 'branding.site_name': 'A' } },
      { source, type: 'setValues', values: { 'branding.favicon': '/f.png' } },
      { source, type: 'setThemeValue', name: '--be-primary', value: '1 2 3' },
      { source, type: 'setThemeFont', value: 'Georgia, serif' },
    );
    expect(state.values).toEqual({ 'branding.site_name': 'A', 'branding.favicon': '/f.png' });
    expect(state.themeValues).toEqual({ '--be-primary': '1 2 3', '--be-font-family': 'Georgia, serif' });
    const switched = reducePreviewState(state, { source, type: 'setActiveTheme', themeId: 2, values: { '--be-paper': '0 0 0' }, isDark: true });
    expect(switched.themeValues).toEqual({ '--be-paper': '0 0 0' });
    expect(switched.dark).toBe(true);
  });
});

describe('showing the preview on a page', () => {
  beforeEach(() => {
    document.documentElement.className = '';
    document.documentElement.removeAttribute('style');
    document.head.innerHTML = '<link rel="icon" href="/favicon.svg" data-be-src="branding.favicon" data-be-default="/favicon.svg"><style id="be-custom-css">body{}</style>';
    document.body.innerHTML =
      '<span data-be-value="branding.site_name">Cadence</span><h1 data-be-value="landing.sections.hero.title">Old</h1><img data-be-src="branding.logo_light" src="/old.png"><div id="be-custom-html"></div>';
  });

  it('writes bound texts and addresses, and leaves what the editor did not send', () => {
    const applied = new Set<string>();
    applyPreviewState(run({ source, type: 'setValues', values: { 'branding.site_name': '<b>Night</b>', 'branding.favicon': '/icon.png' } }), document, applied);
    const name = document.querySelector('[data-be-value="branding.site_name"]')!;
    // Text, never markup.
    expect(name.textContent).toBe('<b>Night</b>');
    expect(name.children).toHaveLength(0);
    expect(document.querySelector('link')!.getAttribute('href')).toBe('/icon.png');
    expect(document.querySelector('h1')!.textContent).toBe('Old');
    expect(document.querySelector('img')!.getAttribute('src')).toBe('/old.png');

    // An emptied address shows the default, if the element has one.
    applyPreviewState(run({ source, type: 'setValues', values: { 'branding.favicon': '', 'branding.logo_light': '' } }), document, applied);
    expect(document.querySelector('link')!.getAttribute('href')).toBe('/favicon.svg');
    expect(document.querySelector('img')!.hasAttribute('src')).toBe(false);
  });

  it("sets the theme's custom properties on :root and removes those of a theme no longer shown", () => {
    const applied = new Set<string>();
    const root = document.documentElement;
    let state = run({ source, type: 'setActiveTheme', themeId: 1, values: { '--be-primary': '1 2 3', '--be-accent': '4 5 6' }, isDark: true });
    applyPreviewState(state, document, applied);
    expect(root.style.getPropertyValue('--be-primary')).toBe('1 2 3');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.dataset.themeMode).toBe('fixed');

    state = reducePreviewState(state, { source, type: 'setActiveTheme', themeId: 2, values: { '--be-primary': '9 9 9' }, isDark: false });
    applyPreviewState(state, document, applied);
    expect(root.style.getPropertyValue('--be-primary')).toBe('9 9 9');
    expect(root.style.getPropertyValue('--be-accent')).toBe('');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('puts custom CSS in its style element and custom HTML in its container, with scripts marked as run', () => {
    applyPreviewState(
      run({ source, type: 'setCustomCode', mode: 'css', value: 'body{color:red}' }, { source, type: 'setCustomCode', mode: 'html', value: '<p>Hi</p><script>window.ran = 1</script>' }),
      document,
      new Set(),
    );
    expect(document.getElementById('be-custom-css')!.textContent).toBe('body{color:red}');
    expect(document.querySelector('#be-custom-html p')!.textContent).toBe('Hi');
    // The client router runs scripts without this mark after a page swap.
    expect(document.querySelector<HTMLElement>('#be-custom-html script')!.dataset.astroExec).toBe('');
    expect((window as { ran?: number }).ran).toBeUndefined();
  });
});
