// The protocol between the appearance editor (admin) and the site inside its preview frame, both
// sides of it: pure, no imports.

/** Marks every message of the protocol, both ways. */
export const APPEARANCE_EDITOR_SOURCE = 'be-appearance-editor';

/**
 * The name the editor gives its preview frame. A frame keeps its name across navigations, so the
 * site knows on every page it is being previewed (it refuses to log out there, for example).
 */
export const APPEARANCE_PREVIEW_FRAME_NAME = 'be-appearance-preview';

/** What the editor sends the preview (music spec §2.9, platform spec: set values, theme font, a theme value, the active theme, custom code). */
export type EditorMessage =
  /** Unsaved setting values, by setting name (only the appearance settings). */
  | { source: typeof APPEARANCE_EDITOR_SOURCE; type: 'setValues'; values: Record<string, unknown> }
  /** A CSS font-family stack for the theme being edited. */
  | { source: typeof APPEARANCE_EDITOR_SOURCE; type: 'setThemeFont'; value: string }
  /** One CSS custom property of the theme being edited, for example --be-primary: "79 70 229". */
  | { source: typeof APPEARANCE_EDITOR_SOURCE; type: 'setThemeValue'; name: string; value: string }
  /** Show this theme (by id) and its values. */
  | { source: typeof APPEARANCE_EDITOR_SOURCE; type: 'setActiveTheme'; themeId: number; values: Record<string, string>; isDark: boolean }
  | { source: typeof APPEARANCE_EDITOR_SOURCE; type: 'setCustomCode'; mode: 'css' | 'html'; value: string };

/** What the preview sends the editor. */
export type PreviewMessage = { source: typeof APPEARANCE_EDITOR_SOURCE; type: 'appLoaded'; path: string };

const EDITOR_TYPES = new Set(['setValues', 'setThemeFont', 'setThemeValue', 'setActiveTheme', 'setCustomCode']);

/** Where the preview runs: its own origin and the window that holds its frame. */
interface PreviewWindow {
  origin: string;
  parent: unknown;
}

/**
 * The editor message in a postMessage event, or null when the preview must ignore it: it does not
 * come from the window holding the frame, on the site's own origin (the editor is this site's back
 * office), or is not a well-formed message of the editor. The host name alone is not enough: a page
 * on another port of it is another site, and may frame an embed under the preview's name.
 */
export function acceptEditorMessage(event: { origin: string; source: unknown; data: unknown }, frame: PreviewWindow): EditorMessage | null {
  // An opaque origin ("null", a sandboxed frame) is nobody's in particular, even when both sides have one.
  if (event.origin === 'null' || event.origin !== frame.origin || event.source !== frame.parent) return null;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || data.source !== APPEARANCE_EDITOR_SOURCE || !EDITOR_TYPES.has(data.type as string)) return null;
  switch (data.type) {
    case 'setValues':
      return data.values && typeof data.values === 'object' && !Array.isArray(data.values) ? (data as EditorMessage) : null;
    case 'setThemeFont':
      return typeof data.value === 'string' ? (data as EditorMessage) : null;
    case 'setThemeValue':
      return typeof data.name === 'string' && /^--[a-zA-Z0-9-]+$/.test(data.name) && typeof data.value === 'string' ? (data as EditorMessage) : null;
    case 'setActiveTheme':
      return typeof data.themeId === 'number' && data.values && typeof data.values === 'object' ? (data as EditorMessage) : null;
    case 'setCustomCode':
      return (data.mode === 'css' || data.mode === 'html') && typeof data.value === 'string' ? (data as EditorMessage) : null;
  }
  return null;
}

/**
 * The preview's message in a postMessage event, or null when the editor must ignore it: it does not
 * come from the preview frame's window, on the editor's own origin, or is not the preview saying a
 * page has loaded.
 */
export function acceptPreviewMessage(event: { origin: string; source: unknown; data: unknown }, editor: { origin: string; frame: unknown }): PreviewMessage | null {
  if (event.origin !== editor.origin || event.source !== editor.frame) return null;
  const data = event.data as PreviewMessage | null;
  return data?.source === APPEARANCE_EDITOR_SOURCE && data.type === 'appLoaded' ? data : null;
}
