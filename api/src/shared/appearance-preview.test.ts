import { describe, expect, it } from 'vitest';
import { acceptEditorMessage, APPEARANCE_EDITOR_SOURCE } from './appearance-preview.ts';

const message = { source: APPEARANCE_EDITOR_SOURCE, type: 'setThemeValue', name: '--be-primary', value: '255 0 0' };

describe('acceptEditorMessage', () => {
  it('accepts the editor on the same host name, whatever the port', () => {
    expect(acceptEditorMessage({ origin: 'http://localhost:4000', data: message }, 'localhost')).toEqual(message);
  });

  it('ignores other host names, opaque origins and foreign messages', () => {
    expect(acceptEditorMessage({ origin: 'https://evil.example', data: message }, 'localhost')).toBeNull();
    expect(acceptEditorMessage({ origin: 'http://localhost.evil.example', data: message }, 'localhost')).toBeNull();
    expect(acceptEditorMessage({ origin: 'null', data: message }, 'localhost')).toBeNull();
    expect(acceptEditorMessage({ origin: 'http://localhost', data: { ...message, source: 'other' } }, 'localhost')).toBeNull();
    expect(acceptEditorMessage({ origin: 'http://localhost', data: 'setThemeValue' }, 'localhost')).toBeNull();
  });

  it('ignores malformed messages of the editor', () => {
    expect(acceptEditorMessage({ origin: 'http://localhost', data: { ...message, name: 'color;background:url(x)' } }, 'localhost')).toBeNull();
    expect(acceptEditorMessage({ origin: 'http://localhost', data: { source: APPEARANCE_EDITOR_SOURCE, type: 'setCustomCode', mode: 'js', value: '' } }, 'localhost')).toBeNull();
    expect(acceptEditorMessage({ origin: 'http://localhost', data: { source: APPEARANCE_EDITOR_SOURCE, type: 'setValues', values: [] } }, 'localhost')).toBeNull();
  });
});
