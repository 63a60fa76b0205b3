import { describe, expect, it } from 'vitest';
import { albumUrl, slugify } from './slug.ts';

describe('slugify', () => {
  it('lower-cases and joins words with hyphens', () => {
    expect(slugify('Velvet Horizon')).toBe('velvet-horizon');
    expect(slugify('  Juniper   &  The Sails ')).toBe('juniper-&-the-sails');
  });

  it('removes the characters of the spec', () => {
    expect(slugify(`Hello* + ~. (World)'"!:@?|/\\# Again`)).toBe('hello-world-again');
  });

  it('falls back to hyphenated whitespace when nothing is left', () => {
    expect(slugify('?!')).toBe('?!');
    expect(slugify('* *')).toBe('*-*');
  });

  it('builds album addresses from the first artist', () => {
    expect(albumUrl({ id: 7, name: 'Quiet Rooms', artists: [{ name: 'Mara Quinn' }] })).toBe('/album/7/mara-quinn/quiet-rooms');
  });
});
