import type { Db } from '../connection.ts';
import { sql } from 'kysely';
import type { Random } from './audio/random.ts';
import { DEMO_GENRES } from './demo-names.ts';

export const DEMO_TAGS = ['chill', 'night drive', 'focus', 'workout', 'summer', 'instrumental', 'rainy day', 'upbeat', 'melancholy', 'late night'];

/** The account that owns the demo's editorial playlists. It has no password, so nobody signs in as it. */
export const DEMO_CURATOR = { name: 'Cadence Editors', email: 'editors@cadence.invalid' };

const PLAYLISTS = [
  { name: 'Morning Focus', description: 'Calm, steady music to get the first hours of the day done.', tag: 'focus' },
  { name: 'Night Drive', description: 'Synths and city lights for the long way home.', tag: 'night drive' },
  { name: 'Sunday Slow', description: 'Nothing to do, nowhere to be.', tag: 'chill' },
  { name: 'Fresh Finds', description: 'New music from artists we love, updated every week.', tag: 'upbeat' },
  { name: 'Rainy Day Jazz', description: 'Brushes, upright bass and a window full of rain.', tag: 'rainy day' },
  { name: 'Workout Fuel', description: 'Big drums and bigger choruses.', tag: 'workout' },
];

const LYRIC_LINES = [
  'Streetlights humming out of tune',
  'I kept your letters in my room',
  'We were running from the morning',
  'Every signal fading slowly',
  'Hold the line until the thunder',
  'Paper boats and silver water',
  'Say my name across the harbour',
  'All the windows open wide',
  'Counting echoes on the highway',
  'Golden hour, stay a little longer',
  'If the weather turns tonight',
  'I will follow every light',
];

function lrcStamp(ms: number): string {
  const minutes = Math.floor(ms / 60000);
  const seconds = ((ms % 60000) / 1000).toFixed(2).padStart(5, '0');
  return `[${String(minutes).padStart(2, '0')}:${seconds}]`;
}

/** Time-synced lyrics spread over the track, one line every few seconds. */
function syncedLyrics(random: Random, durationMs: number): string {
  const lines: string[] = [];
  for (let at = 2000; at < durationMs - 2000; at += random.int(3500, 5000)) lines.push(`${lrcStamp(at)}${random.pick(LYRIC_LINES)}`);
  return lines.join('\n');
}

function plainLyrics(random: Random): string {
  return Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => random.pick(LYRIC_LINES)).join('\n')).join('\n\n');
}

/** The pages a public site needs, linked from every page's footer; written as a starting point for the site's own. */
const DEMO_PAGES = [
  {
    slug: 'about',
    title: 'About',
    body: '<h2>About Cadence</h2><p>This is a demo of a self-hosted music streaming site. The music you hear was generated for the demo: every artist, album and track is fictional.</p><p>Replace this page with your own story in the back office, under Custom pages.</p>',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    body: '<h2>Privacy policy</h2><p>We keep what the service needs to work: your account details, your library and playlists, and what you play, to count plays and make recommendations.</p><p>We do not sell personal data. You can download or delete your account from your account settings at any time.</p><p>This is a sample text: the site owner replaces it with their own policy.</p>',
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    body: '<h2>Terms of service</h2><p>By using this site you agree to listen for your own personal use, not to upload music you have no rights to, and to treat other listeners with respect in comments.</p><p>This is a sample text: the site owner replaces it with their own terms.</p>',
  },
];

/**
 * What makes the demo feel lived in: tags, lyrics, editorial playlists and the channels the home
 * page is made of. Runs inside the demo catalog's transaction, after its tracks exist.
 */
export async function seedDemoExtras(trx: Db, random: Random): Promise<void> {
  await trx.insertInto('custom_pages').values(DEMO_PAGES.map((page) => ({ ...page, user_id: null }))).execute();
  const tracks = await trx.selectFrom('tracks').select(['id', 'album_id', 'duration', 'plays']).orderBy('id').execute();
  const albums = await trx.selectFrom('albums').select('id').orderBy('id').execute();

  // Albums and artists start as popular as their tracks.
  await sql`UPDATE albums SET plays = (SELECT COALESCE(SUM(plays), 0) FROM tracks WHERE tracks.album_id = albums.id)`.execute(trx);
  await sql`UPDATE artists SET plays = (SELECT COALESCE(SUM(t.plays), 0) FROM tracks t JOIN track_artist ta ON ta.track_id = t.id WHERE ta.artist_id = artists.id)`.execute(trx);

  const tagIds = new Map<string, number>();
  for (const name of DEMO_TAGS) {
    const { id } = await trx.insertInto('tags').values({ name, display_name: name.replace(/\b\w/g, (c) => c.toUpperCase()) }).returning('id').executeTakeFirstOrThrow();
    tagIds.set(name, id);
  }
  const tagsOfTrack = new Map<number, string[]>();
  for (const track of tracks) {
    const tags = random.shuffle([...DEMO_TAGS]).slice(0, random.int(1, 3));
    tagsOfTrack.set(track.id, tags);
    await trx.insertInto('track_tag').values(tags.map((tag) => ({ track_id: track.id, tag_id: tagIds.get(tag)! }))).execute();
  }
  for (const album of albums) {
    const tags = random.shuffle([...DEMO_TAGS]).slice(0, 2);
    await trx.insertInto('album_tag').values(tags.map((tag) => ({ album_id: album.id, tag_id: tagIds.get(tag)! }))).execute();
  }

  // The first track of every album sings along in time; every third track has plain lyrics.
  let previousAlbum: number | null = null;
  for (const [index, track] of tracks.entries()) {
    const opensAlbum = track.album_id !== previousAlbum;
    previousAlbum = track.album_id;
    if (opensAlbum) await trx.insertInto('lyrics').values({ track_id: track.id, text: syncedLyrics(random, track.duration ?? 30000), is_synced: 1 }).execute();
    else if (index % 3 === 0) await trx.insertInto('lyrics').values({ track_id: track.id, text: plainLyrics(random), is_synced: 0 }).execute();
  }

  const { id: curatorId } = await trx.insertInto('users').values({ ...DEMO_CURATOR, email_verified_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  const playlistIds: number[] = [];
  for (const playlist of PLAYLISTS) {
    const { id } = await trx
      .insertInto('playlists')
      .values({ owner_id: curatorId, name: playlist.name, description: playlist.description, public: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    playlistIds.push(id);
    const matching = tracks.filter((t) => tagsOfTrack.get(t.id)!.includes(playlist.tag));
    const picked = random.shuffle(matching).slice(0, random.int(12, 20));
    await trx
      .insertInto('playlist_track')
      .values(picked.map((track, position) => ({ playlist_id: id, track_id: track.id, position, added_by: curatorId })))
      .execute();
    // The playlist's cover is the cover of its first track's album.
    const cover = await trx
      .selectFrom('albums')
      .select('image')
      .where('id', '=', picked[0]?.album_id ?? -1)
      .executeTakeFirst();
    if (cover?.image) await trx.updateTable('playlists').set({ image: cover.image }).where('id', '=', id).execute();
  }

  await seedChannels(trx, playlistIds);
}

/**
 * The home page is the "discover" channel, made of nested channels; "genre" lists the tracks of
 * the genre named in the address (/genre/jazz), under the genre's albums and artists.
 */
export async function seedChannels(trx: Db, playlistIds: number[]): Promise<void> {
  const insert = async (values: {
    name: string;
    slug: string;
    content_model: 'track' | 'album' | 'artist' | 'playlist' | 'genre' | 'channel';
    content_source?: 'manual' | 'popular' | 'new' | 'genre';
    layout?: 'grid' | 'carousel' | 'list' | 'table';
    items_limit?: number;
    description?: string;
    hide_title?: number;
  }) => (await trx.insertInto('channels').values(values).returning('id').executeTakeFirstOrThrow()).id;

  const discover = await insert({ name: 'Discover', slug: 'discover', content_model: 'channel', hide_title: 1 });
  const children = [
    await insert({ name: 'New releases', slug: 'new-releases', content_model: 'album', content_source: 'new', layout: 'carousel', items_limit: 12 }),
    await insert({ name: 'Popular tracks', slug: 'popular-tracks', content_model: 'track', content_source: 'popular', layout: 'table', items_limit: 10 }),
    await insert({ name: "Editors' picks", slug: 'editors-picks', content_model: 'playlist', layout: 'carousel' }),
    await insert({ name: 'Popular artists', slug: 'popular-artists', content_model: 'artist', content_source: 'popular', layout: 'carousel', items_limit: 12 }),
    await insert({ name: 'Genres', slug: 'genres', content_model: 'genre', layout: 'grid' }),
  ];
  await trx
    .insertInto('channel_items')
    .values(children.map((id, position) => ({ channel_id: discover, item_type: 'channel' as const, item_id: id, position })))
    .execute();
  await trx
    .insertInto('channel_items')
    .values(playlistIds.map((id, position) => ({ channel_id: children[2], item_type: 'playlist' as const, item_id: id, position })))
    .execute();
  const genres = await trx.selectFrom('genres').select(['id', 'name']).execute();
  const order = new Map<string, number>(DEMO_GENRES.map((g, i) => [g.name, i]));
  await trx
    .insertInto('channel_items')
    .values(genres.map((g) => ({ channel_id: children[4], item_type: 'genre' as const, item_id: g.id, position: order.get(g.name) ?? 0 })))
    .execute();
  await insert({
    name: 'Genre',
    slug: 'genre',
    content_model: 'track',
    content_source: 'genre',
    layout: 'table',
    items_limit: 50,
    description: 'The most played albums, artists and tracks of a genre.',
  });
}
