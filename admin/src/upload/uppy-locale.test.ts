import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../providers/i18nProvider.ts';
import { translatedUppyStrings, uppyEnglishLines } from '@app/shared/upload/uppy-locale';

describe("the uploader's texts", () => {
  const provider = createI18nProvider({
    language: 'nl',
    lines: {
      'Drop files here or %{browseFiles}': 'Sleep bestanden hierheen of %{browseFiles}',
      'Uploading %{smart_count} file': '%{smart_count} bestand wordt geüpload',
    },
  });
  const strings = translatedUppyStrings((line, values) => provider.translate(line, { _: line, ...values }));

  it('are translated with their placeholders left for Uppy, plural forms one by one', () => {
    expect(strings.dropPasteFiles).toBe('Sleep bestanden hierheen of %{browseFiles}');
    expect(strings.uploadingXFiles).toEqual({ 0: '%{smart_count} bestand wordt geüpload', 1: 'Uploading %{smart_count} files' });
  });

  it('stay English where the language has no line, and are all listed for translators', () => {
    expect(strings.browseFiles).toBe('browse files');
    expect(uppyEnglishLines()).toEqual(expect.arrayContaining(['Drop files here or %{browseFiles}', 'Uploading %{smart_count} file', 'Uploading %{smart_count} files']));
  });
});
