import { describe, expect, it } from 'vitest';
import { pngImage, taggedMp3, wavFile } from '../testing.ts';
import { checkClientName, checkDeclaredUpload, checkRelativePath, matchesType, sniffType, typeAllowed, type UploadRules } from './upload-rules.ts';

const rules: UploadRules = { maxSize: 10 * 1024 * 1024, allowed: [], blocked: ['.exe', 'text/html'], chunkSize: 5 * 1024 * 1024, resumable: true };

describe('allowed and blocked types', () => {
  it('matches mime patterns with wildcards and extensions with or without a dot', () => {
    const mp3 = { extension: 'mp3', mimes: ['audio/mpeg'] };
    expect(matchesType('audio/*', mp3)).toBe(true);
    expect(matchesType('*/*', mp3)).toBe(true);
    expect(matchesType('audio/mpeg', mp3)).toBe(true);
    expect(matchesType('image/*', mp3)).toBe(false);
    expect(matchesType('.mp3', mp3)).toBe(true);
    expect(matchesType('mp3', mp3)).toBe(true);
    expect(matchesType('*.MP3', mp3)).toBe(true);
    expect(matchesType('.mp', mp3)).toBe(false);
    // A pattern's dots are literal, not "any character".
    expect(matchesType('audio/x.wav', { extension: 'wav', mimes: ['audio/xywav'] })).toBe(false);
  });

  it('blocks before it allows, and an empty allow list allows everything else', () => {
    expect(typeAllowed(rules, { extension: 'mp3', mimes: ['audio/mpeg'] })).toBe(true);
    expect(typeAllowed(rules, { extension: 'exe', mimes: ['application/x-msdownload'] })).toBe(false);
    expect(typeAllowed(rules, { extension: 'txt', mimes: ['text/html; charset=utf-8'] })).toBe(false);
    const audioOnly = { ...rules, allowed: ['audio/*', '.flac'] };
    expect(typeAllowed(audioOnly, { extension: 'flac', mimes: [] })).toBe(true);
    expect(typeAllowed(audioOnly, { extension: 'png', mimes: ['image/png'] })).toBe(false);
  });

  it('says which limit a declared upload breaks, in the words of the spec', () => {
    expect(() => checkDeclaredUpload(rules, { name: 'big.wav', size: 11 * 1024 * 1024 })).toThrow('file exceeds maximum allowed size of 10 MB');
    expect(() => checkDeclaredUpload(rules, { name: 'setup.exe', size: 10 })).toThrow('This file type is not allowed');
    expect(checkDeclaredUpload(rules, { name: 'Song.MP3', size: 10, mime: 'audio/mpeg' })).toEqual({ name: 'Song.MP3', extension: 'mp3' });
  });
});

describe('names and paths from the client', () => {
  it('refuses names that try to be paths, and ignores .DS_Store', () => {
    for (const name of ['../../etc/passwd', '..\\boot.ini', 'a/b.mp3', '..', '', 'bad\u0000name.mp3']) {
      expect(() => checkClientName(name), name).toThrow('That file name is not allowed.');
    }
    expect(() => checkClientName('.DS_Store')).toThrow('This file type is not allowed');
    expect(checkClientName('  Übung in C.mp3 ')).toBe('Übung in C.mp3');
  });

  it('accepts folder paths inside the dropped folder only', () => {
    expect(checkRelativePath('Album/CD1/01.mp3')).toBe('Album/CD1/01.mp3');
    expect(checkRelativePath(undefined)).toBeNull();
    for (const bad of ['../x.mp3', '/abs/x.mp3', 'a/../../x', 'a\\b', 'a//b']) expect(() => checkRelativePath(bad), bad).toThrow('That file name is not allowed.');
  });
});

describe('recognising content by its bytes', () => {
  it('knows real audio and images whatever the extension case', async () => {
    expect(await sniffType(taggedMp3({ title: 'x' }, 0.5), 'mp3')).toEqual({ mime: 'audio/mpeg', extension: 'mp3' });
    expect(await sniffType(wavFile(2000), 'wav')).toMatchObject({ extension: 'wav' });
    expect(await sniffType(pngImage(), 'png')).toEqual({ mime: 'image/png', extension: 'png' });
    expect(await sniffType(pngImage(), '')).toEqual({ mime: 'image/png', extension: 'png' });
    // Only the head is read: a tag larger than it (big cover art) still says MP3.
    expect(await sniffType(taggedMp3({ title: 'x', padding: 5 * 1024 * 1024 }, 0.5).subarray(0, 4100), 'mp3')).toEqual({ mime: 'audio/mpeg', extension: 'mp3' });
  });

  it('refuses content that contradicts the extension', async () => {
    await expect(sniffType(pngImage(), 'mp3')).rejects.toThrow("The file's content does not match its extension.");
    await expect(sniffType(new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'mp3')).rejects.toThrow("The file's content does not match its extension.");
    await expect(sniffType(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), 'jpg')).rejects.toThrow('does not match');
  });

  it('keeps the extension type of formats without a signature', async () => {
    expect(await sniffType(new TextEncoder().encode('[00:01.00] la la'), 'lrc')).toEqual({ mime: 'text/plain', extension: 'lrc' });
    expect(await sniffType(new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg')).toEqual({ mime: 'image/svg+xml', extension: 'svg' });
  });
});
