import { describe, expect, it } from 'vitest';
import { parseLrc } from './lyrics.service.ts';

describe('LRC parsing', () => {
  it('reads minutes, seconds and fractions of different precision', () => {
    const { lines } = parseLrc('[00:01]One\n[00:02.5]Two\n[00:03.25]Three\n[01:04.125]Four\n[00:05:50]Five');
    expect(lines).toEqual([
      { time_ms: 1000, text: 'One' },
      { time_ms: 2500, text: 'Two' },
      { time_ms: 3250, text: 'Three' },
      { time_ms: 5500, text: 'Five' },
      { time_ms: 64125, text: 'Four' },
    ]);
  });

  it('repeats a line written once with several stamps, in time order', () => {
    const { lines, text } = parseLrc('[00:10.00][00:30.00] Chorus\n[00:20.00]Verse');
    expect(lines).toEqual([
      { time_ms: 10000, text: 'Chorus' },
      { time_ms: 20000, text: 'Verse' },
      { time_ms: 30000, text: 'Chorus' },
    ]);
    expect(text).toBe('Chorus\nVerse\nChorus');
  });

  it('applies the offset tag: positive shows lyrics sooner, never before zero', () => {
    expect(parseLrc('[offset:+500]\n[00:01.00]A\n[00:00.20]B').lines).toEqual([
      { time_ms: 0, text: 'B' },
      { time_ms: 500, text: 'A' },
    ]);
    expect(parseLrc('[offset:-250]\n[00:01.00]A').lines).toEqual([{ time_ms: 1250, text: 'A' }]);
    expect(parseLrc('[offset:soon]\n[00:01.00]A').lines).toEqual([{ time_ms: 1000, text: 'A' }]);
  });

  it('keeps metadata tags, unstamped lines and word stamps out of the lyrics', () => {
    const source = '\uFEFF[ar:Aurora Vale]\r\n[ti:Northern]\r\nno stamp here\r\n[00:01.00]<00:01.00>Hello <00:01.50>world\r\n[00:02.00]\r\n';
    const { lines, text } = parseLrc(source);
    expect(lines).toEqual([
      { time_ms: 1000, text: 'Hello world' },
      { time_ms: 2000, text: '' },
    ]);
    expect(text).toBe('Hello world');
  });

  it('keeps the written order of lines that share a time', () => {
    expect(parseLrc('[00:01.00]first\n[00:01.00]second').lines.map((l) => l.text)).toEqual(['first', 'second']);
  });

  it('finds nothing in plain text', () => {
    expect(parseLrc('Just words\n[not a stamp] here')).toEqual({ lines: [], text: '' });
  });
});
