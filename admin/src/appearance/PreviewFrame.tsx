import { acceptPreviewMessage, APPEARANCE_EDITOR_SOURCE, APPEARANCE_PREVIEW_FRAME_NAME, type EditorMessage } from '@app/shared/appearance-preview';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { settingValues, type FormTheme } from './form-values.ts';

// Distributive, so each message keeps its own fields once `source` is left out.
type Message = EditorMessage extends infer M ? (M extends EditorMessage ? Omit<M, 'source'> : never) : never;

const FONT = '--be-font-family';

/**
 * The site in a frame beside the form. Once the site says it has loaded (appLoaded, only from this
 * frame and this origin), it gets the unsaved state, then every change as it is made: the values,
 * the theme being edited (all of it when opened, then value by value), its font and the custom code.
 */
export function PreviewFrame({ path, activeThemeIndex }: { path: string; activeThemeIndex: number | null }) {
  const translate = useTranslate();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loads, setLoads] = useState(0);
  const values = useWatch({ name: 'values' }) as Record<string, unknown>;
  const themes = useWatch({ name: 'themes' }) as FormTheme[];

  const send = useCallback((message: Message) => {
    // The target origin keeps the state from reaching a page of another site the frame navigated to.
    frame.current?.contentWindow?.postMessage({ source: APPEARANCE_EDITOR_SOURCE, ...message }, window.location.origin);
  }, []);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (acceptPreviewMessage(event, { origin: window.location.origin, frame: frame.current?.contentWindow })) setLoads((count) => count + 1);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const css = values?.custom_code__css;
  const html = values?.custom_code__html;
  const valuesJson = JSON.stringify(values);
  useEffect(() => {
    if (loads) send({ type: 'setValues', values: settingValues(JSON.parse(valuesJson)) });
  }, [loads, valuesJson, send]);
  useEffect(() => {
    if (loads && typeof css === 'string') send({ type: 'setCustomCode', mode: 'css', value: css });
  }, [loads, css, send]);
  useEffect(() => {
    if (loads && typeof html === 'string') send({ type: 'setCustomCode', mode: 'html', value: html });
  }, [loads, html, send]);

  // The theme being edited: all of it when it is opened (or the page reloads), then only what changes.
  const theme = activeThemeIndex === null ? undefined : themes?.[activeThemeIndex];
  const sentTheme = useRef<{ key: string; values: Record<string, string> } | null>(null);
  useEffect(() => {
    if (!loads || !theme) {
      sentTheme.current = null;
      return;
    }
    const key = `${loads}:${activeThemeIndex}:${theme.id ?? 'new'}:${theme.is_dark}`;
    if (sentTheme.current?.key !== key) {
      send({ type: 'setActiveTheme', themeId: theme.id ?? 0, values: theme.values, isDark: theme.is_dark });
      sentTheme.current = { key, values: { ...theme.values } };
      return;
    }
    const previous = sentTheme.current.values;
    for (const [name, value] of Object.entries(theme.values)) {
      if (previous[name] === value) continue;
      if (name === FONT) send({ type: 'setThemeFont', value });
      else send({ type: 'setThemeValue', name, value });
    }
    sentTheme.current = { key, values: { ...theme.values } };
  }, [loads, theme, activeThemeIndex, send]);

  return (
    <iframe
      ref={frame}
      name={APPEARANCE_PREVIEW_FRAME_NAME}
      src={path}
      title={translate('Site preview')}
      style={{ border: 0, width: '100%', height: '100%', display: 'block', background: 'transparent' }}
    />
  );
}
