import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@app/db';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import { createTestApp, pngImage, taggedMp3, type TestApp } from '../testing.ts';
import type { AuthState } from '../context.ts';
import { ForbiddenError } from '../common/errors.ts';
import { genreKey, importTrackFromFileEntry, titleFromFileName } from './track-import.service.ts';

let t: TestApp;
let auth: AuthState;
let user: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser('importer@example.com', ['admin']);
  auth = { user, session: null, permissions: [{ name: 'admin', restrictions: [] }] } as unknown as AuthState;
});
afterAll(() => t.close());

let counter = 0;
/** Stores real bytes as an uploaded audio file entry, the way the upload routes leave them. */
async function uploaded(bytes: Uint8Array, name: string, mime = 'audio/mpeg') {
  const key = `import-test-${++counter}.mp3`;
  await t.storage.put('uploads', key, bytes);
  return fileEntriesRepository.insertFileEntry(t.db, { name, file_name: key, mime, extension: 'mp3', file_size: bytes.byteLength, disk: 'uploads', user_id: user.id });
}

describe('making tracks from the tags of uploaded audio', () => {
  it('reads title, artists, album, number, genre, duration and cover, creating what is missing', async () => {
    const cover = pngImage(24, [20, 120, 220]);
    const entry = await uploaded(
      taggedMp3({ title: 'Northern Lights', artists: ['Aurora Vale', 'Kite Runner'], album: 'Polar Nights', albumArtist: 'Aurora Vale', track: '3/9', genre: 'Synth Pop', year: '2021', cover: { mime: 'image/png', data: cover } }, 4),
      '03 - northern lights.mp3',
    );
    const result = await importTrackFromFileEntry({ db: t.db, storage: t.storage, config: t.config }, auth, entry);

    expect(result).toMatchObject({ name: 'Northern Lights', number: 3 });
    expect(result.artists.map((a) => [a.name, a.created])).toEqual([
      ['Aurora Vale', true],
      ['Kite Runner', true],
    ]);
    expect(result.album).toMatchObject({ name: 'Polar Nights', created: true, imageUsed: true });
    expect(result.genres).toMatchObject([{ name: 'synth-pop', displayName: 'Synth Pop', created: true }]);
    // lamejs pads the start and end with a frame or two.
    expect(result.duration).toBeGreaterThan(3900);
    expect(result.duration).toBeLessThan(4200);

    const track = await catalogRepository.findTrack(t.db, result.trackId);
    expect(track).toMatchObject({ name: 'Northern Lights', number: 3, file_entry_id: entry.id, album_id: result.album.id });
    expect((await catalogRepository.artistsOfTracks(t.db, [result.trackId])).get(result.trackId)?.map((a) => a.name)).toEqual(['Aurora Vale', 'Kite Runner']);
    expect((await catalogRepository.genresOfTracks(t.db, [result.trackId])).get(result.trackId)?.map((g) => g.name)).toEqual(['synth-pop']);

    const album = await catalogRepository.findAlbum(t.db, result.album.id);
    expect(album).toMatchObject({ type: 'album', release_date: '2021-01-01' });
    // The embedded picture is now the album's cover, byte for byte, served publicly.
    const key = album!.image!.replace('/uploads/', '');
    const stored = new Uint8Array(await new Response(t.storage.read('public', key)).arrayBuffer());
    expect(Buffer.from(stored).equals(Buffer.from(cover))).toBe(true);
  });

  it('reuses artists and albums that exist, keeping the album cover it already has', async () => {
    const first = await uploaded(taggedMp3({ title: 'Opening', artists: ['Duo Line'], album: 'Shared Album', track: '1', cover: { mime: 'image/png', data: pngImage(8, [255, 0, 0]) } }, 1), 'a.mp3');
    const second = await uploaded(taggedMp3({ title: 'Closing', artists: ['Duo Line'], album: 'Shared Album', track: '2', cover: { mime: 'image/png', data: pngImage(8, [0, 255, 0]) } }, 1), 'b.mp3');
    const deps = { db: t.db, storage: t.storage, config: t.config };
    const covers = async () => (await t.db.selectFrom('file_entries').select('file_name').where('file_name', 'like', 'cover-%').execute()).length;
    const before = await covers();
    const a = await importTrackFromFileEntry(deps, auth, first);
    const b = await importTrackFromFileEntry(deps, auth, second);
    expect(b.artists[0]).toMatchObject({ id: a.artists[0].id, created: false });
    expect(b.album).toMatchObject({ id: a.album.id, created: false, imageUsed: false, image: a.album.image });
    expect(b.number).toBe(2);
    // Only the first cover was kept; the second had nowhere to go.
    expect(await covers()).toBe(before + 1);
  });

  it('falls back to the file name, an unknown artist and a single when tags are missing', async () => {
    const entry = await uploaded(taggedMp3({}, 1), '07_Rainy_Morning.mp3');
    const result = await importTrackFromFileEntry({ db: t.db, storage: t.storage, config: t.config }, auth, entry);
    expect(result.name).toBe('Rainy Morning');
    expect(result.artists.map((a) => a.name)).toEqual(['Unknown artist']);
    expect(result.album).toMatchObject({ name: 'Rainy Morning', created: true, image: null });
    expect((await catalogRepository.findAlbum(t.db, result.album.id))?.type).toBe('single');
    expect(result.genres).toEqual([]);
  });

  it('refuses a file that is not audio, creating nothing', async () => {
    const before = await t.db.selectFrom('tracks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const entry = await uploaded(pngImage(), 'picture.mp3', 'audio/mpeg');
    await expect(importTrackFromFileEntry({ db: t.db, storage: t.storage, config: t.config }, auth, entry)).rejects.toMatchObject({ name: 'ValidationError', message: 'This file is not audio that can be read.' });
    const after = await t.db.selectFrom('tracks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await fileEntriesRepository.findFileEntry(t.db, entry.id)).toBeDefined();
  });

  it('stops at the music.create count restriction', async () => {
    const limited = await t.createUser('limited@example.com');
    const entry = await fileEntriesRepository.insertFileEntry(t.db, { name: 'x.mp3', file_name: 'limited.mp3', mime: 'audio/mpeg', extension: 'mp3', file_size: 1, disk: 'uploads', user_id: limited.id });
    await t.db.insertInto('tracks').values({ name: 'Already there', file_entry_id: entry.id }).execute();
    const limitedAuth = { user: limited, session: null, permissions: [{ name: 'music.create', restrictions: [{ name: 'count', value: 1 }] }] } as unknown as AuthState;
    await expect(importTrackFromFileEntry({ db: t.db, storage: t.storage, config: t.config }, limitedAuth, entry)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('names from files and tags', () => {
  it('makes titles of file names and URL keys of genres', () => {
    expect(titleFromFileName('01 - Intro.flac')).toBe('Intro');
    expect(titleFromFileName('my_song.mp3')).toBe('my song');
    expect(titleFromFileName('07_Rainy_Morning.mp3')).toBe('Rainy Morning');
    expect(titleFromFileName('99 Red Balloons.mp3')).toBe('99 Red Balloons');
    expect(titleFromFileName('.mp3')).toBe('Untitled');
    expect(genreKey('Hip-Hop / Rap')).toBe('hip-hop-rap');
    expect(genreKey('Drum & Bass')).toBe('drum-and-bass');
    expect(genreKey('Música Popular')).toBe('musica-popular');
    expect(genreKey('!!!')).toBe('');
  });
});
