import { describe, expect, it } from 'vitest';
import { albumUrl, isCanonicalPath, playlistUrl, searchUrl, slugify, tagUrl, trackUrl, userUrl } from './slug.ts';

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

describe('search and listener addresses', () => {
  it('keeps the query in one path segment', () => {
    expect(searchUrl('neon drive')).toBe('/search/neon%20drive');
    expect(searchUrl('  AC/DC  ', 'artists')).toBe('/search/AC%20DC/artists');
    expect(searchUrl('"*NEAR-?#%')).toBe('/search/%22*NEAR-%3F%23%25');
    expect(searchUrl('..')).toBe('/search');
    expect(searchUrl('   ')).toBe('/search');
  });

  it('builds playlist, user, track and tag addresses', () => {
    expect(playlistUrl({ id: 3, name: 'Sunday Chill' })).toBe('/playlist/3/sunday-chill');
    expect(userUrl({ id: 4, name: 'Robin Quiet' })).toBe('/user/4/robin-quiet');
    expect(trackUrl({ id: 5, name: 'Neon Drive' })).toBe('/track/5/neon-drive');
    expect(tagUrl({ name: 'lo-fi' })).toBe('/tag/lo-fi');
  });
});

describe('canonical addresses', () => {
  it('compares paths as decoded, and a malformed encoding is never the canonical one', () => {
    expect(isCanonicalPath('/album/1/mara-quinn/caf%C3%A9', '/album/1/mara-quinn/café')).toBe(true);
    expect(isCanonicalPath('/album/1/x/y', '/album/1/mara-quinn/quiet-rooms')).toBe(false);
    expect(isCanonicalPath('/album/1/x/%E0%A4%A', '/album/1/mara-quinn/quiet-rooms')).toBe(false);
  });
});
