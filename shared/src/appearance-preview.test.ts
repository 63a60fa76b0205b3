import { describe, expect, it } from 'vitest';
import { acceptEditorMessage, acceptPreviewMessage, APPEARANCE_EDITOR_SOURCE } from './appearance-preview.ts';

const message = { source: APPEARANCE_EDITOR_SOURCE, type: 'setThemeValue', name: '--be-primary', value: '255 0 0' };
const editor = {};
const frame = { origin: 'http://localhost:4000', parent: editor };

describe('acceptEditorMessage', () => {
  it("accepts the editor: the frame's parent, on the site's own origin", () => {
    expect(acceptEditorMessage({ origin: 'http://localhost:4000', source: editor, data: message }, frame)).toEqual(message);
  });

  it('ignores other origins, the same host name on another port included, and opaque origins', () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example:4000', 'http://localhost:4001', 'http://localhost', 'https://localhost:4000', 'null']) {
      expect(acceptEditorMessage({ origin, source: editor, data: message }, frame), origin).toBeNull();
    }
    expect(acceptEditorMessage({ origin: 'null', source: editor, data: message }, { origin: 'null', parent: editor })).toBeNull();
  });

  it("ignores windows of the site's origin other than the frame's parent", () => {
    expect(acceptEditorMessage({ origin: 'http://localhost:4000', source: {}, data: message }, frame)).toBeNull();
    expect(acceptEditorMessage({ origin: 'http://localhost:4000', source: null, data: message }, frame)).toBeNull();
  });

  it('ignores foreign and malformed messages', () => {
    const from = (data: unknown) => acceptEditorMessage({ origin: 'http://localhost:4000', source: editor, data }, frame);
    expect(from({ ...message, source: 'other' })).toBeNull();
    expect(from('setThemeValue')).toBeNull();
    expect(from({ ...message, name: 'color;background:url(x)' })).toBeNull();
    expect(from({ source: APPEARANCE_EDITOR_SOURCE, type: 'setCustomCode', mode: 'js', value: '' })).toBeNull();
    expect(from({ source: APPEARANCE_EDITOR_SOURCE, type: 'setValues', values: [] })).toBeNull();
  });
});

describe('acceptPreviewMessage', () => {
  const preview = {};
  const loaded = { source: APPEARANCE_EDITOR_SOURCE, type: 'appLoaded', path: '/' };
  const editorWindow = { origin: 'http://localhost:4000', frame: preview };

  it("accepts the preview frame's window saying a page loaded, on the editor's origin", () => {
    expect(acceptPreviewMessage({ origin: 'http://localhost:4000', source: preview, data: loaded }, editorWindow)).toEqual(loaded);
  });

  it('ignores other origins, other windows and other messages', () => {
    expect(acceptPreviewMessage({ origin: 'https://evil.example', source: preview, data: loaded }, editorWindow)).toBeNull();
    expect(acceptPreviewMessage({ origin: 'http://localhost:4000', source: {}, data: loaded }, editorWindow)).toBeNull();
    expect(acceptPreviewMessage({ origin: 'http://localhost:4000', source: preview, data: { ...loaded, source: 'other' } }, editorWindow)).toBeNull();
    expect(acceptPreviewMessage({ origin: 'http://localhost:4000', source: preview, data: 'appLoaded' }, editorWindow)).toBeNull();
    expect(acceptPreviewMessage({ origin: 'http://localhost:4000', source: preview, data: null }, editorWindow)).toBeNull();
  });
});
