import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sqlitePathFromUrl } from '@app/db';
import { seedScaleCatalog } from '@app/db/seed/scale';
import { loadConfig } from '../config.ts';
import { createStorage } from '../storage/create-storage.ts';

/**
 * `pnpm db:seed --tracks 1000000 [--database file] [--storage folder] [--summary file.json]`:
 * fills an empty database with a catalogue the size of a real service (tracks/10 albums,
 * tracks/40 artists, listeners, playlists, likes), to try the product and measure it at scale.
 * Database and storage default to DATABASE_URL and STORAGE_PATH, as for `pnpm start`; the audio
 * and covers go to the storage folder, so start the server with the same settings.
 */
const { values } = parseArgs({
  options: {
    tracks: { type: 'string', default: '1000000' },
    database: { type: 'string' },
    storage: { type: 'string' },
    summary: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('Usage: pnpm db:seed [--tracks 1000000] [--database path.sqlite] [--storage folder] [--summary summary.json]');
  process.exit(0);
}
const tracks = Number(values.tracks);
if (!Number.isInteger(tracks) || tracks < 10 || tracks > 20_000_000) {
  console.error(`--tracks must be a whole number from 10 to 20000000, got "${values.tracks}"`);
  process.exit(1);
}
const config = loadConfig(values.storage ? { ...process.env, STORAGE_PATH: values.storage } : process.env);
const file = values.database ? path.resolve(values.database) : sqlitePathFromUrl(config.databaseUrl);

let lastLine = '';
function progress(step: string, done: number, total: number) {
  const percent = Math.floor((done / Math.max(1, total)) * 100);
  if (process.stdout.isTTY) {
    const width = 24;
    const filled = Math.round((percent / 100) * width);
    process.stdout.write(`\r${step.padEnd(18)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%${done >= total ? '\n' : ''}`);
    return;
  }
  // Without a terminal, one line per 10 %.
  const line = `${step}: ${Math.floor(percent / 10) * 10}%`;
  if (line !== lastLine) console.log(line);
  lastLine = line;
}

console.log(`Seeding ${tracks.toLocaleString('en')} tracks into ${file}${existsSync(file) ? '' : ' (new file)'}; files go to ${config.storagePath}`);
try {
  const summary = await seedScaleCatalog(file, { tracks, storage: await createStorage(config), audioCacheDir: config.demoAudioCache, onProgress: progress });
  console.log(
    `Done in ${summary.seconds.toFixed(1)} s: ${summary.tracks} tracks, ${summary.albums} albums, ${summary.artists} artists, ` +
      `${summary.users} listeners, ${summary.playlists} playlists (${summary.playlistTracks} entries), ${summary.likes} likes, ${summary.follows} follows.`,
  );
  console.log(`Phases: ${summary.phases.map((p) => `${p.name} ${p.seconds.toFixed(1)} s`).join(', ')}`);
  if (values.summary) writeFileSync(values.summary, JSON.stringify(summary, null, 2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
