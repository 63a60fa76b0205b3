import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../connection.ts';
import { seedFoundation, type SeedStorage } from './index.ts';
import { seedScaleCatalog, type ScaleSeedSummary } from './scale.ts';

const cache = process.env.DEMO_AUDIO_CACHE ?? fileURLToPath(new URL('../../../tests/.cache/demo-audio', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'music-scale-'));
const file = path.join(dir, 'scale.sqlite');
const files = new Map<string, Uint8Array | string>();
const storage: SeedStorage = {
  async put(disk, key, data) {
    files.set(`${disk}/${key}`, data);
  },
  publicUrl: (key) => `/uploads/${key}`,
};

let summary: ScaleSeedSummary;
let raw: InstanceType<typeof SqliteDatabase>;
const one = <T = number>(sql: string, ...params: unknown[]) => Object.values(raw.prepare(sql).get(...params) as object)[0] as T;

beforeAll(async () => {
  summary = await seedScaleCatalog(file, { tracks: 2000, storage, audioCacheDir: cache });
  raw = new SqliteDatabase(file);
}, 180_000);
afterAll(() => {
  raw?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('scale seed', () => {
  it('fills the sizes asked for, with listeners and their data', () => {
    expect(summary).toMatchObject({ tracks: 2000, albums: 200, artists: 50, users: 10, playlists: 20, genres: 8 });
    expect(one("SELECT count(*) FROM tracks")).toBe(2000);
    expect(one("SELECT count(*) FROM albums")).toBe(200);
    expect(one("SELECT count(*) FROM artists")).toBe(50);
    expect(one("SELECT count(*) FROM users")).toBe(10);
    expect(one("SELECT count(*) FROM playlist_track")).toBe(summary.playlistTracks);
    expect(one("SELECT count(*) FROM likes")).toBe(summary.likes);
    expect(summary.likes).toBeGreaterThan(0);
    expect(one("SELECT count(*) FROM track_tag")).toBeGreaterThan(0);
    // Every listener can be told apart and has the ordinary role.
    expect(one("SELECT count(DISTINCT email) FROM users")).toBe(10);
    expect(one("SELECT count(*) FROM user_role JOIN roles ON roles.id = user_role.role_id WHERE roles.name = 'users'")).toBe(10);
  });

  it('leaves every relation valid', () => {
    expect(raw.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(one('SELECT count(*) FROM tracks WHERE NOT EXISTS (SELECT 1 FROM track_artist WHERE track_id = tracks.id)')).toBe(0);
    expect(one('SELECT count(*) FROM tracks WHERE NOT EXISTS (SELECT 1 FROM genre_track WHERE track_id = tracks.id)')).toBe(0);
    expect(one('SELECT count(*) FROM albums WHERE NOT EXISTS (SELECT 1 FROM album_artist WHERE album_id = albums.id AND position = 0)')).toBe(0);
    expect(one('SELECT count(*) FROM artists WHERE NOT EXISTS (SELECT 1 FROM album_artist WHERE artist_id = artists.id)')).toBe(0);
    // Track numbers run 1..n within each album.
    expect(one('SELECT count(*) FROM (SELECT album_id FROM tracks GROUP BY album_id HAVING min(number) <> 1 OR max(number) <> count(*))')).toBe(0);
    // Popularity counters agree with the tracks' plays.
    expect(one('SELECT count(*) FROM albums WHERE plays <> (SELECT coalesce(sum(plays), 0) FROM tracks WHERE album_id = albums.id)')).toBe(0);
    // Every track streams a real file of the storage.
    const audio = raw.prepare('SELECT DISTINCT file_entries.file_name, file_entries.file_size FROM tracks JOIN file_entries ON file_entries.id = tracks.file_entry_id').all() as { file_name: string; file_size: number }[];
    expect(audio.length).toBeGreaterThan(1);
    for (const entry of audio) expect((files.get(`uploads/${entry.file_name}`) as Uint8Array).byteLength).toBe(entry.file_size);
    const covers = raw.prepare('SELECT DISTINCT image FROM albums WHERE image IS NOT NULL').all() as { image: string }[];
    for (const { image } of covers) expect(files.get(`public/${image.replace('/uploads/', '')}`)).toMatch(/^<svg /);
  });

  it('has plays that make "popular" mean something', () => {
    const plays = (raw.prepare('SELECT plays FROM tracks ORDER BY plays DESC').all() as { plays: number }[]).map((r) => r.plays);
    const top = plays.slice(0, 20).reduce((a, b) => a + b, 0);
    const all = plays.reduce((a, b) => a + b, 0);
    // The top 1 % of tracks take a large share of all plays, as charts do.
    expect(top / all).toBeGreaterThan(0.1);
    expect(plays[0]).toBe(one('SELECT plays FROM tracks WHERE id = ?', summary.topTrackId));
  });

  it('indexes every name for full-text search, and keeps it in step afterwards', () => {
    for (const index of ['tracks_fts', 'albums_fts', 'artists_fts', 'playlists_fts', 'users_fts', 'tags_fts']) {
      expect(() => raw.prepare(`INSERT INTO ${index}(${index}, rank) VALUES ('integrity-check', 1)`).run()).not.toThrow();
    }
    const { id, name } = raw.prepare('SELECT id, name FROM tracks WHERE id = 1234').get() as { id: number; name: string };
    const word = name.match(/\p{L}+/u)![0];
    const found = raw.prepare('SELECT rowid FROM tracks_fts WHERE tracks_fts MATCH ?').all(`"${word}"`) as { rowid: number }[];
    expect(found.map((r) => r.rowid)).toContain(id);
    for (const { query, tracks } of [...summary.queries.common, ...summary.queries.rare]) {
      expect(one('SELECT count(*) FROM tracks_fts WHERE tracks_fts MATCH ?', `"${query}"`), query).toBe(tracks);
    }
    expect(summary.queries.common[0].tracks).toBeGreaterThan(100);
    for (const { query, tracks } of summary.queries.twoWords) expect(one('SELECT count(*) FROM tracks_fts WHERE tracks_fts MATCH ?', query), query).toBeGreaterThanOrEqual(tracks);
    const artist = raw.prepare('SELECT id, name FROM artists WHERE id = 7').get() as { id: number; name: string };
    expect(raw.prepare('SELECT rowid FROM artists_fts WHERE artists_fts MATCH ?').all(`"${artist.name.split(' ').at(-1)}"`)).toContainEqual({ rowid: 7 });

    // The insert and update triggers are back: new and renamed rows are found at once.
    raw.prepare("UPDATE tracks SET name = 'Quixotry Zebu' WHERE id = 5").run();
    raw.prepare("INSERT INTO artists (name) VALUES ('Wobblefrost')").run();
    expect(raw.prepare("SELECT rowid FROM tracks_fts WHERE tracks_fts MATCH 'quixotry'").all()).toEqual([{ rowid: 5 }]);
    expect(one("SELECT count(*) FROM artists_fts WHERE artists_fts MATCH 'wobblefrost'")).toBe(1);
  });

  it('leaves the schema exactly as the migrations made it', async () => {
    // The scale seed writes SQLite files only, whichever database the other tests run on.
    const migratedFile = path.join(dir, 'migrated.sqlite');
    const migrated = createDb(migratedFile);
    await migrateToLatest(migrated);
    await seedFoundation(migrated);
    const fresh = new SqliteDatabase(migratedFile, { readonly: true });
    const schema = (db: InstanceType<typeof SqliteDatabase>) => db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all();
    try {
      expect(schema(raw)).toEqual(schema(fresh));
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      fresh.close();
      await migrated.destroy();
    }
  });

  it('refuses a database that already has music', async () => {
    await expect(seedScaleCatalog(file, { tracks: 100, storage, audioCacheDir: cache })).rejects.toThrow(/already has music/);
  });
});
