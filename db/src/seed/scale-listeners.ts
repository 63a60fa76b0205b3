import { type ArtistPlan, DAY, isoDate, type ScaleLoad } from './scale-catalog.ts';
import { inserter } from './scale-bulk.ts';
import { FIRST_NAMES, LAST_NAMES, PLAYLIST_TEMPLATES } from './scale-names.ts';

/** Listeners, each with the ordinary role. */
export function writeListeners({ raw, random, sizes, words, now, progress }: ScaleLoad, usersRoleId: number): number {
  const userRows = inserter(raw, 'users', ['id', 'name', 'first_name', 'last_name', 'email', 'email_verified_at', 'created_at', 'updated_at']);
  const userRoleRows = inserter(raw, 'user_role', ['user_id', 'role_id']);
  for (let u = 1; u <= sizes.users; u++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const created = isoDate(now - Math.floor(random.next() * 3 * 365 * DAY));
    userRows.add(u, random.chance(0.2) ? random.pick(words.invented) : `${first} ${last}`, first, last, `listener${u}@example.com`, created, created, created);
    userRoleRows.add(u, usersRoleId);
  }
  userRows.flush();
  userRoleRows.flush();
  progress('Listeners', 0, sizes.users);
  return userRows.count;
}

/** Listeners' playlists of 5 to 40 tracks each. */
export function writePlaylists({ raw, random, sizes, words, now }: ScaleLoad): { playlists: number; playlistTracks: number } {
  const playlistRows = inserter(raw, 'playlists', ['id', 'owner_id', 'name', 'description', 'public', 'collaborative', 'plays', 'created_at', 'updated_at']);
  const playlistTrackRows = inserter(raw, 'playlist_track', ['playlist_id', 'track_id', 'position', 'added_by', 'created_at']);
  for (let p = 1; p <= sizes.playlists; p++) {
    const owner = random.int(1, sizes.users);
    const name = random.pick(PLAYLIST_TEMPLATES).replace(/\{w\}/g, words.word);
    const created = isoDate(now - Math.floor(random.next() * 2 * 365 * DAY));
    playlistRows.add(p, owner, name, random.chance(0.3) ? `${words.word()} and ${words.word().toLowerCase()} for ${random.pick(['long drives', 'slow mornings', 'the gym', 'late nights', 'rainy days', 'working'])}.` : null, random.chance(0.9) ? 1 : 0, random.chance(0.05) ? 1 : 0, Math.floor(1e5 * random.next() ** 6), created, created);
    const picked = new Set<number>();
    const size = random.int(5, 40);
    while (picked.size < size) picked.add(random.int(1, sizes.tracks));
    [...picked].forEach((track, position) => {
      playlistTrackRows.add(p, track, position, owner, created);
    });
  }
  playlistRows.flush();
  playlistTrackRows.flush();
  return { playlists: playlistRows.count, playlistTracks: playlistTrackRows.count };
}

/** Each listener's liked albums and tracks, followed artists (popular ones more often) and now and then another listener. */
export function writeLikesAndFollows({ raw, random, sizes, now, progress }: ScaleLoad, artists: ArtistPlan): { likes: number; follows: number } {
  const likeRows = inserter(raw, 'likes', ['user_id', 'likeable_type', 'likeable_id', 'created_at']);
  const followRows = inserter(raw, 'follows', ['follower_id', 'followable_type', 'followable_id', 'created_at']);
  const some = (most: number, pick: () => number) => {
    const picked = new Set<number>();
    const count = Math.floor(most * random.next() ** 2);
    while (picked.size < count) picked.add(pick());
    return [...picked].sort((x, y) => x - y);
  };
  for (let u = 1; u <= sizes.users; u++) {
    const created = isoDate(now - Math.floor(random.next() * 365 * DAY));
    for (const album of some(10, () => random.int(1, sizes.albums))) likeRows.add(u, 'album', album, created);
    for (const track of some(60, () => random.int(1, sizes.tracks))) likeRows.add(u, 'track', track, created);
    for (const artist of some(15, () => artists.byRank[artists.pickPopular()] + 1)) followRows.add(u, 'artist', artist, created);
    if (random.chance(0.3)) {
      const other = random.int(1, sizes.users);
      if (other !== u) followRows.add(u, 'user', other, created);
    }
    if (u % 500 === 0) progress('Listeners', u, sizes.users);
  }
  likeRows.flush();
  followRows.flush();
  progress('Listeners', sizes.users, sizes.users);
  return { likes: likeRows.count, follows: followRows.count };
}
