import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type Db } from '../connection.ts';
import { permissionsOfGuests } from '../permissions/permissions.repository.ts';
import { parseSearchQuery, searchPlaylists } from '../search/search.repository.ts';
import { seedDemoCatalog, seedFoundation, type SeedStorage } from './index.ts';

const cache = process.env.DEMO_AUDIO_CACHE ?? fileURLToPath(new URL('../../../tests/.cache/demo-audio', import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'music-seed-'));
const files = new Map<string, Uint8Array | string>();
const storage: SeedStorage = {
  async put(disk, key, data) {
    files.set(`${disk}/${key}`, data);
  },
  publicUrl: (key) => `/uploads/${key}`,
};

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  await seedFoundation(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(root, { recursive: true, force: true });
});

/** Reads the bitrate and sample rate of the first MPEG audio frame. */
function mp3Header(bytes: Uint8Array) {
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1] & 0xe0).toBe(0xe0);
  const version = (bytes[1] >> 3) & 0x3;
  const layer = (bytes[1] >> 1) & 0x3;
  return { version, layer };
}

describe('foundation seed', () => {
  it('is safe to run again and gives visitors music.view', async () => {
    await seedFoundation(db);
    const roles = await db.selectFrom('roles').select('name').execute();
    expect(roles.map((r) => r.name).sort()).toEqual(['admin', 'guests', 'users']);
    expect((await permissionsOfGuests(db)).map((p) => p.name)).toEqual(['music.view']);
    expect(await db.selectFrom('themes').select('name').execute()).toHaveLength(2);
  });
});

describe('demo catalogue', () => {
  it('creates 12 artists, 30 albums and 300 tracks with audio that decodes as MP3', async () => {
    const summary = await seedDemoCatalog(db, { storage, audioCacheDir: cache });
    expect(summary).toEqual({ artists: 12, albums: 30, tracks: 300, genres: 8 });

    const tracks = await db.selectFrom('tracks').innerJoin('file_entries', 'file_entries.id', 'tracks.file_entry_id').select(['tracks.duration', 'file_entries.file_name', 'file_entries.file_size']).execute();
    expect(tracks).toHaveLength(300);
    const audio = new Set(tracks.map((t) => t.file_name));
    expect(audio.size).toBe(16);
    for (const name of audio) {
      const bytes = files.get(`uploads/${name}`) as Uint8Array;
      // MPEG-2 (22.05 kHz) layer III.
      expect(mp3Header(bytes)).toEqual({ version: 2, layer: 1 });
      const track = tracks.find((t) => t.file_name === name)!;
      expect(track.file_size).toBe(bytes.byteLength);
      // 64 kbps: the byte size agrees with the stored duration within a second.
      expect(Math.abs(bytes.byteLength / 8000 - track.duration! / 1000)).toBeLessThan(1);
      expect(track.duration).toBeGreaterThan(25_000);
    }

    const albums = await db.selectFrom('albums').select(['image', 'name']).execute();
    for (const album of albums) {
      const svg = files.get(`public/${album.image!.replace('/uploads/', '')}`) as string;
      expect(svg).toMatch(/^<svg /);
    }
    const everyTrackHasArtistAndGenre = await db
      .selectFrom('tracks')
      .select('id')
      .where((eb) => eb.or([eb.not(eb.exists(eb.selectFrom('track_artist').select('track_id').whereRef('track_artist.track_id', '=', 'tracks.id'))), eb.not(eb.exists(eb.selectFrom('genre_track').select('track_id').whereRef('genre_track.track_id', '=', 'tracks.id')))]))
      .execute();
    expect(everyTrackHasArtistAndGenre).toEqual([]);
  });

  it('tags, lyrics, editorial playlists and the channels of the home page come with it', async () => {
    const lyrics = await db.selectFrom('lyrics').select(['text', 'is_synced']).execute();
    expect(lyrics.filter((l) => l.is_synced)).toHaveLength(30);
    expect(lyrics.find((l) => l.is_synced)!.text).toMatch(/^\[00:02\.00\]\w/);
    const playlists = await db.selectFrom('playlists').innerJoin('users', 'users.id', 'playlists.owner_id').select(['playlists.id', 'users.password', 'playlists.image']).execute();
    expect(playlists).toHaveLength(6);
    for (const playlist of playlists) {
      expect(playlist.password).toBeNull();
      expect(playlist.image).toMatch(/^\/uploads\//);
    }
    const discover = await db
      .selectFrom('channel_items')
      .innerJoin('channels as child', 'child.id', 'channel_items.item_id')
      .innerJoin('channels as parent', 'parent.id', 'channel_items.channel_id')
      .where('parent.slug', '=', 'discover')
      .orderBy('channel_items.position')
      .select('child.slug')
      .execute();
    expect(discover.map((c) => c.slug)).toEqual(['new-releases', 'popular-tracks', 'editors-picks', 'popular-artists', 'genres']);
    // Search finds what the seed wrote, through the indexes the triggers maintain.
    const hit = await searchPlaylists(db, parseSearchQuery('jazz')!, { limit: 10, offset: 0 });
    expect(hit.rows.map((r) => r.name)).toEqual(['Rainy Day Jazz']);
    const albumPlays = await db.selectFrom('albums').select('plays').where('plays', '=', 0).execute();
    expect(albumPlays).toEqual([]);
  });

  it('seeds nothing on a database that already has music', async () => {
    expect(await seedDemoCatalog(db, { storage, audioCacheDir: cache })).toBeNull();
  });
});
