import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../connection.ts';
import { isPostgres } from '../dialect.ts';
import type { AlbumRow } from '../tables/albums.table.ts';
import type { ArtistRow } from '../tables/artists.table.ts';
import type { PlaylistRow, TagRow } from '../tables/listener.table.ts';
import type { TrackRow } from '../tables/tracks.table.ts';
import type { UserRow } from '../tables/users.table.ts';
import { NAME_CUT } from '../migrations/2026_11_29_000010_postgres_search_candidates.ts';
import { postgresTextMatch, postgresWordsQuery } from './full-text.ts';

/** Words beyond these are ignored: no name needs more, and each word is one more doclist to merge. */
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_MAX_WORD_LENGTH = 64;
/**
 * How many matches compete on relevance: the most played ones (see migration 000010). It is also
 * the deepest result a search can page to, which keeps every page of one search in the same order.
 */
export const SEARCH_POOL = 1000;

export interface SearchQuery {
  /** The words as typed (NFC), each sent to FTS5 as a quoted string. */
  words: string[];
  /** The same words folded (lower case, no diacritics), for comparing with names. */
  folded: string[];
  /** Which words match as prefixes (all but single Latin letters), so "neo dri" finds "Neon Drive". */
  prefix: boolean[];
  /** The FTS5 MATCH expression: quoted words joined by AND, never an operator typed by the user. */
  match: string;
}

export interface SearchPage<T> {
  rows: T[];
  hasMore: boolean;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

// Letters, digits and private-use characters are what FTS5's unicode61 tokenizer keeps; marks stay
// inside words (NFC leaves them only where no precomposed letter exists, as in Devanagari).
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu;

/** Lower case without diacritics, so "Beyoncé" and "beyonce" compare equal, as they match in FTS5. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function foldedWords(text: string): string[] {
  // Most names are plain ASCII: skip Unicode normalisation for them, it dominates ranking time.
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return foldText(text).match(WORD) ?? [];
}

/**
 * Turns what a user typed into a safe MATCH expression, or null when nothing searchable is left.
 * Everything but words is dropped, so quotes, `*`, `-`, `^`, `:`, parentheses and NEAR/OR/AND/NOT
 * are plain text: each word is quoted, and FTS5 reads a quoted string as a literal phrase.
 */
export function parseSearchQuery(text: string): SearchQuery | null {
  const words = (text.normalize('NFC').match(WORD) ?? []).slice(0, SEARCH_MAX_WORDS).map((word) => [...word].slice(0, SEARCH_MAX_WORD_LENGTH).join(''));
  if (!words.length) return null;
  // A prefix of one Latin letter or digit fans out to thousands of index terms (there is no
  // one-character prefix index), while finding little anyone means; it matches as a whole word.
  const prefix = words.map((word) => !/^[a-z0-9]$/i.test(foldText(word)));
  const match = words.map((word, i) => `"${word.replace(/"/g, '""')}"${prefix[i] ? '*' : ''}`).join(' AND ');
  return { words, folded: words.map((word) => foldedWords(word).join(' ')), prefix, match };
}

/**
 * How well a name answers the query; lower is better. Tiers: the whole name, the start of the name,
 * the words together in order, the words anywhere; words typed in full before words completed from
 * a prefix; within a tier, fewer other words first (what bm25's length normalisation does for
 * short fields). Matches found only in other fields (a playlist's description) come last.
 */
export function relevanceScorer(query: Pick<SearchQuery, 'folded' | 'prefix'>): (name: string) => number {
  // A word may fold into several tokens ("½" is "1", "2"); only its last one may be completed.
  const wanted = query.folded.flatMap((word, i) => word.split(' ').filter(Boolean).map((token, j, all) => ({ token, prefix: query.prefix[i] && j === all.length - 1 })));
  return (name) => {
    if (!wanted.length) return 800;
    const tokens = foldedWords(name);
    const extra = Math.min(Math.max(tokens.length - wanted.length, 0), 99);
    const tier = (completing: boolean) => {
      const fits = (token: string | undefined, i: number) =>
        token !== undefined && (token === wanted[i].token || (completing && wanted[i].prefix && token.startsWith(wanted[i].token)));
      const runAt = (start: number) => wanted.every((_, i) => fits(tokens[start + i], i));
      if (runAt(0)) return tokens.length === wanted.length ? 0 : 100;
      for (let start = 1; start + wanted.length <= tokens.length; start++) if (runAt(start)) return 200;
      return wanted.every((_, i) => tokens.some((token) => fits(token, i))) ? 300 : null;
    };
    const exact = tier(false);
    if (exact !== null) return exact + extra;
    const completed = tier(true);
    return (completed === null ? 800 : 400 + completed) + extra;
  };
}

export const relevance = (name: string, query: Pick<SearchQuery, 'folded' | 'prefix'>) => relevanceScorer(query)(name);

interface Candidate {
  id: number;
  name: string;
  /** Plays; on PostgreSQL, for tracks, albums and artists, their rank bucket (see `searchRanked`). */
  popularity: number;
}

interface Scored<C extends Candidate> {
  candidate: C;
  score: number;
}

/** Relevance, then popularity, then age: a total order, so pages never overlap. */
const byRank = <C extends Candidate>(a: Scored<C>, b: Scored<C>) => a.score - b.score || b.candidate.popularity - a.candidate.popularity || a.candidate.id - b.candidate.id;

function ranked<C extends Candidate>(candidates: C[], query: SearchQuery): Scored<C>[] {
  const score = relevanceScorer(query);
  return candidates.map((candidate) => ({ candidate, score: score(candidate.name) })).sort(byRank);
}

function pageOf<C extends Candidate>(candidates: C[], query: SearchQuery, page: PageRequest): { ids: number[]; hasMore: boolean } {
  const slice = ranked(candidates, query).slice(page.offset, page.offset + page.limit + 1);
  return { ids: slice.slice(0, page.limit).map((s) => s.candidate.id), hasMore: slice.length > page.limit };
}

function inOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

export type RankedTable = 'tracks' | 'albums' | 'artists';

const searchWords = (query: Pick<SearchQuery, 'words' | 'prefix'>) => query.words.map((word, i) => ({ word, prefix: query.prefix[i] }));

/**
 * The most played matches, as `rowid`s to join on: on SQLite from a popularity-ordered index
 * (migration 000010), on PostgreSQL from its `<table>_search` twin ordered the same way (migration
 * 2026_11_29_000003); cheap for any term on both. Only public playlists are searched, as only
 * they enter either index.
 */
function popularMatches(db: Db, table: RankedTable | 'playlists', query: Pick<SearchQuery, 'match' | 'words' | 'prefix'>): RawBuilder<unknown> {
  if (isPostgres(db)) {
    return sql`SELECT id AS rowid FROM ${sql.table(`${table}_search`)} WHERE document @@ ${postgresWordsQuery(searchWords(query))} ORDER BY rank DESC, id LIMIT ${SEARCH_POOL}`;
  }
  const index = `${table}_search`;
  return sql`SELECT rowid FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${query.match} ORDER BY rowid LIMIT ${SEARCH_POOL}`;
}

/** The newest matches of a table without a popularity counter, as `rowid`s to join on. */
function newestMatches(db: Db, table: 'users' | 'tags', query: SearchQuery): RawBuilder<unknown> {
  if (isPostgres(db)) return sql`SELECT id AS rowid FROM ${sql.table(table)} AS t WHERE ${postgresTextMatch(table, 't', searchWords(query))} ORDER BY t.id DESC LIMIT ${SEARCH_POOL}`;
  const index = sql.table(`${table}_fts`);
  return sql`SELECT rowid FROM ${index} WHERE ${index} MATCH ${query.match} ORDER BY rowid DESC LIMIT ${SEARCH_POOL}`;
}

/** Drafts stay out of search, and so do albums of drafts only (see `albumIsListed`); `row` is the candidate's alias. */
const RANKED_FILTERS: Record<RankedTable, (row: string) => RawBuilder<unknown>> = {
  tracks: (row) => sql`WHERE ${sql.ref(`${row}.published`)} = 1`,
  albums: (row) =>
    sql`WHERE EXISTS (SELECT 1 FROM tracks WHERE tracks.album_id = ${sql.ref(`${row}.id`)} AND tracks.published = 1) OR NOT EXISTS (SELECT 1 FROM tracks WHERE tracks.album_id = ${sql.ref(`${row}.id`)})`,
  artists: () => sql``,
};

/**
 * The candidates of a search in tracks, albums or artists; exported so tests can read its plan.
 * SQLite joins each match to its table. PostgreSQL reads them from the `<table>_search` rows alone
 * (migration 2026_11_29_000010), walked in the order of an index that holds all it needs: the
 * name (read from the table only when it was too long to keep whole), whether a track is
 * published, and the plays' bucket for popularity.
 */
export function rankedCandidatesQuery(db: Db, table: RankedTable, query: Pick<SearchQuery, 'match' | 'words' | 'prefix'>): RawBuilder<Candidate> {
  if (isPostgres(db)) {
    const twin = sql.table(`${table}_search`);
    return sql<Candidate>`
      SELECT hit.id, CASE WHEN length(hit.name) < ${sql.lit(NAME_CUT)} THEN hit.name ELSE (SELECT name FROM ${sql.table(table)} WHERE id = hit.id) END AS name, hit.rank AS popularity
      FROM (SELECT * FROM ${twin} WHERE document @@ ${postgresWordsQuery(searchWords(query))} ORDER BY rank DESC, id LIMIT ${SEARCH_POOL}) AS hit
      ${RANKED_FILTERS[table]('hit')}`;
  }
  return sql<Candidate>`
    SELECT item.id, item.name, item.plays AS popularity
    FROM (${popularMatches(db, table, query)}) AS hit
    JOIN ${sql.table(table)} AS item ON item.id = (hit.rowid & 4294967295)
    ${RANKED_FILTERS[table]('item')}`;
}

/**
 * A page of ranked candidates. A bucket stands for plays that differ by a few percent, so
 * candidates of equal relevance and bucket are ordered by their rows' plays: the rows read are
 * the page's and those of every such tie it cuts through (as few as the page on SQLite, whose
 * candidates carry their plays), and a page is what it would be with exact plays.
 */
async function searchRanked<T extends { id: number; plays: number }>(db: Db, table: RankedTable, query: SearchQuery, page: PageRequest): Promise<SearchPage<T>> {
  const scored = ranked((await rankedCandidatesQuery(db, table, query).execute(db)).rows, query);
  let start = page.offset;
  let end = Math.min(page.offset + page.limit + 1, scored.length);
  if (start >= end) return { rows: [], hasMore: false };
  const tied = (a: Scored<Candidate>, b: Scored<Candidate>) => a.score === b.score && a.candidate.popularity === b.candidate.popularity;
  while (start > 0 && tied(scored[start - 1], scored[start])) start--;
  while (end < scored.length && tied(scored[end], scored[end - 1])) end++;
  const read = scored.slice(start, end);
  const rows = (await db.selectFrom(table).selectAll().where('id', 'in', read.map((s) => s.candidate.id)).execute()) as unknown as T[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const exact = read
    .filter((s) => byId.has(s.candidate.id))
    .map((s) => ({ score: s.score, candidate: { ...s.candidate, popularity: byId.get(s.candidate.id)!.plays } }))
    .sort(byRank)
    .slice(page.offset - start, page.offset - start + page.limit + 1);
  return { rows: exact.slice(0, page.limit).map((s) => byId.get(s.candidate.id)!), hasMore: exact.length > page.limit };
}

export const searchTracks = (db: Db, query: SearchQuery, page: PageRequest) => searchRanked<TrackRow>(db, 'tracks', query, page);
export const searchAlbums = (db: Db, query: SearchQuery, page: PageRequest) => searchRanked<AlbumRow>(db, 'albums', query, page);
export const searchArtists = (db: Db, query: SearchQuery, page: PageRequest) => searchRanked<ArtistRow>(db, 'artists', query, page);

export type PlaylistSearchRow = PlaylistRow & { owner_name: string | null; owner_first_name: string | null; owner_last_name: string | null; owner_image: string | null };

/** Public playlists only: private ones never enter the index, and the join checks again. */
export async function searchPlaylists(db: Db, query: SearchQuery, page: PageRequest): Promise<SearchPage<PlaylistSearchRow>> {
  const { rows: candidates } = await sql<Candidate & { description: string | null }>`
    SELECT item.id, item.name, item.description, item.plays AS popularity
    FROM (${popularMatches(db, 'playlists', query)}) AS hit
    JOIN playlists AS item ON item.id = (hit.rowid & 4294967295)
    WHERE item.public = 1`.execute(db);
  const { ids, hasMore } = pageOf(candidates, query, page);
  if (!ids.length) return { rows: [], hasMore: false };
  const rows = await db
    .selectFrom('playlists')
    .innerJoin('users', 'users.id', 'playlists.owner_id')
    .selectAll('playlists')
    .select(['users.name as owner_name', 'users.first_name as owner_first_name', 'users.last_name as owner_last_name', 'users.image as owner_image'])
    .where('playlists.id', 'in', ids)
    .where('playlists.public', '=', 1)
    .execute();
  return { rows: inOrder(rows, ids), hasMore };
}

export type UserSearchRow = Pick<UserRow, 'id' | 'name' | 'image'> & { followers: number };

/**
 * Users by name, among the newest matches (users carry no popularity counter to order an index
 * by), then by followers. Suspended accounts are left out.
 */
export async function searchUsers(db: Db, query: SearchQuery, page: PageRequest): Promise<SearchPage<UserSearchRow>> {
  const { rows: candidates } = await sql<Candidate & { image: string | null }>`
    SELECT item.id, item.name, item.image,
      (SELECT count(*) FROM follows WHERE followable_type = 'user' AND followable_id = item.id) AS popularity
    FROM (${newestMatches(db, 'users', query)}) AS hit
    JOIN users AS item ON item.id = hit.rowid
    WHERE item.banned_at IS NULL AND item.name IS NOT NULL`.execute(db);
  const { ids, hasMore } = pageOf(candidates, query, page);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return { rows: ids.map((id) => byId.get(id)!).map(({ id, name, image, popularity }) => ({ id, name, image, followers: Number(popularity) })), hasMore };
}

export type TagSearchRow = TagRow & { uses: number };

/** Tags by name, among the newest matches, then by how many tracks and albums carry them. */
export async function searchTags(db: Db, query: SearchQuery, page: PageRequest): Promise<SearchPage<TagSearchRow>> {
  const { rows: candidates } = await sql<Candidate & { display_name: string | null }>`
    SELECT item.id, item.name, item.display_name,
      (SELECT count(*) FROM track_tag WHERE tag_id = item.id) + (SELECT count(*) FROM album_tag WHERE tag_id = item.id) AS popularity
    FROM (${newestMatches(db, 'tags', query)}) AS hit
    JOIN tags AS item ON item.id = hit.rowid`.execute(db);
  const { ids, hasMore } = pageOf(candidates, query, page);
  if (!ids.length) return { rows: [], hasMore: false };
  const rows = await db.selectFrom('tags').selectAll().where('id', 'in', ids).execute();
  const uses = new Map(candidates.map((c) => [c.id, Number(c.popularity)]));
  return { rows: inOrder(rows, ids).map((row) => ({ ...row, uses: uses.get(row.id) ?? 0 })), hasMore };
}
