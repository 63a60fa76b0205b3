import { acceptEditorMessage, APPEARANCE_EDITOR_SOURCE, APPEARANCE_PREVIEW_FRAME_NAME, type EditorMessage, type PreviewMessage } from '@app/shared/appearance-preview';

/**
 * The site inside the appearance editor's preview frame (/admin/appearance): it shows the editor's
 * unsaved values, theme and custom code as they are typed. Nothing here runs for visitors: the
 * page only loads this module when inAppearancePreview() holds (layouts/Document.astro).
 */

/** Inside the editor's preview frame: the frame keeps its name on every page it navigates to. */
export function inAppearancePreview(): boolean {
  return typeof window !== 'undefined' && window.name === APPEARANCE_PREVIEW_FRAME_NAME && window.parent !== window;
}

/**
 * The value a binding path names in the editor's values, or undefined when they do not hold it.
 * Setting names contain dots too ("landing.sections"), so the longest setting name the path starts
 * with is the setting, and the rest walks into its value ("hero.actions.0.label").
 */
export function boundValue(values: Record<string, unknown>, path: string): unknown {
  const setting = Object.keys(values)
    .filter((name) => path === name || path.startsWith(`${name}.`))
    .sort((a, b) => b.length - a.length)[0];
  if (setting === undefined) return undefined;
  let value: unknown = values[setting];
  for (const key of path.slice(setting.length + 1).split('.').filter(Boolean)) {
    // Own properties only: a path is the page's markup, but "__proto__" must still lead nowhere.
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** What the preview has been told, re-applied after each client-side page swap. */
interface PreviewState {
  values: Record<string, unknown>;
  /** Custom properties set on :root: the active theme's, then single edits over them. */
  themeValues: Record<string, string>;
  dark: boolean | null;
  css: string | null;
  html: string | null;
}

export function emptyPreviewState(): PreviewState {
  return { values: {}, themeValues: {}, dark: null, css: null, html: null };
}

/** The state after one editor message. */
export function reducePreviewState(state: PreviewState, message: EditorMessage): PreviewState {
  switch (message.type) {
    case 'setValues':
      return { ...state, values: { ...state.values, ...message.values } };
    case 'setThemeFont':
      return { ...state, themeValues: { ...state.themeValues, '--be-font-family': message.value } };
    case 'setThemeValue':
      return { ...state, themeValues: { ...state.themeValues, [message.name]: message.value } };
    case 'setActiveTheme':
      // Another theme: the edits of the previous one no longer apply.
      return { ...state, themeValues: Object.fromEntries(Object.entries(message.values).filter(([, value]) => typeof value === 'string')), dark: message.isDark };
    case 'setCustomCode':
      return message.mode === 'css' ? { ...state, css: message.value } : { ...state, html: message.value };
  }
}

const CUSTOM_PROPERTY = /^--[a-zA-Z0-9-]+$/;

/** Shows the state on the current page. */
export function applyPreviewState(state: PreviewState, doc: Document, applied: Set<string>): void {
  const root = doc.documentElement;
  for (const element of doc.querySelectorAll<HTMLElement>('[data-be-value]')) {
    const value = boundValue(state.values, element.dataset.beValue ?? '');
    if (typeof value === 'string' || typeof value === 'number') element.textContent = String(value);
  }
  for (const element of doc.querySelectorAll<HTMLElement>('[data-be-src]')) {
    const value = boundValue(state.values, element.dataset.beSrc ?? '');
    if (typeof value !== 'string') continue;
    // An emptied address falls back to what the page shows without one (the built-in favicon).
    const address = value || element.dataset.beDefault || '';
    const attribute = element instanceof HTMLLinkElement ? 'href' : element instanceof HTMLSourceElement ? 'srcset' : 'src';
    if (address) element.setAttribute(attribute, address);
    else element.removeAttribute(attribute);
  }

  // Inline on :root, so they win over the theme's <style> whatever it holds.
  for (const name of applied) if (!(name in state.themeValues)) root.style.removeProperty(name);
  applied.clear();
  for (const [name, value] of Object.entries(state.themeValues)) {
    if (!CUSTOM_PROPERTY.test(name)) continue;
    root.style.setProperty(name, value);
    applied.add(name);
  }
  if (state.dark !== null) {
    // As the account menu's theme switch does; "fixed" keeps the OS preference from switching it back.
    root.classList.toggle('dark', state.dark);
    root.style.colorScheme = state.dark ? 'dark' : 'light';
    root.dataset.themeMode = 'fixed';
  }

  if (state.css !== null) {
    const style = doc.getElementById('be-custom-css');
    if (style) style.textContent = state.css;
  }
  if (state.html !== null) {
    const container = doc.getElementById('be-custom-html');
    if (container) {
      // innerHTML runs no scripts; the client router would run them after a page swap, so they
      // are marked as run: unsaved code stays inert until the editor saves it.
      container.innerHTML = state.html;
      for (const script of container.querySelectorAll('script')) script.dataset.astroExec = '';
    }
  }
}

/** Listens to the editor and tells it each page that loads. Called once per document. */
export function startAppearancePreview(): void {
  let state = emptyPreviewState();
  const applied = new Set<string>();
  const announce = () => {
    const message: PreviewMessage = { source: APPEARANCE_EDITOR_SOURCE, type: 'appLoaded', path: location.pathname + location.search };
    // The editor is this site's back office: its own origin is the only one told.
    window.parent.postMessage(message, location.origin);
  };
  window.addEventListener('message', (event) => {
    const message = acceptEditorMessage(event, { origin: location.origin, parent: window.parent });
    if (!message) return;
    state = reducePreviewState(state, message);
    applyPreviewState(state, document, applied);
  });
  let swapped = false;
  // A page swap brings the saved values back (and replaces <html>'s attributes): show the unsaved ones again.
  document.addEventListener('astro:after-swap', () => {
    swapped = true;
    applyPreviewState(state, document, applied);
  });
  // Once the swapped page's scripts have run; the first page is announced at once, as this module
  // may load after that page's own page-load event.
  document.addEventListener('astro:page-load', () => {
    if (!swapped) return;
    swapped = false;
    announce();
  });
  announce();
}
