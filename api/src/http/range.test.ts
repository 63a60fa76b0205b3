import { describe, expect, it } from 'vitest';
import { parseRange } from './range.ts';

describe('parseRange', () => {
  it('reads the three forms of a byte range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
  });

  it('clamps an end past the file and a suffix longer than the file', () => {
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });

  it('is unsatisfiable when the range starts at or past the end', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=99999999999999999999-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores headers it cannot honour and sends the whole file', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'items=0-5', 'bytes=abc', 'bytes=5-2', 'bytes=0-1,5-9', `bytes=${'9'.repeat(300)}-`]) {
      expect(parseRange(header, 1000)).toEqual({ kind: 'full' });
    }
  });
});
