import { msg } from '../i18n/msg.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';

// Ids. Subsonic ids are strings; a prefix per kind keeps artists, albums, songs and playlists
// apart in apps' caches and in getCoverArt, which takes any of them. A bare number is read as
// the kind the parameter names, for clients that build ids themselves.

export type SubsonicKind = 'artist' | 'album' | 'track' | 'playlist';
const PREFIX: Record<SubsonicKind, string> = { artist: 'ar', album: 'al', track: 'tr', playlist: 'pl' };
const KIND_OF_PREFIX = Object.fromEntries(Object.entries(PREFIX).map(([kind, prefix]) => [prefix, kind])) as Record<string, SubsonicKind>;

export const subsonicId = (kind: SubsonicKind, id: number) => `${PREFIX[kind]}-${id}`;

/** The kind and number of an id, or undefined for anything that is not one of ours. */
export function readSubsonicId(value: string, fallback?: SubsonicKind): { kind: SubsonicKind; id: number } | undefined {
  const match = /^(?:(ar|al|tr|pl)-)?(\d{1,15})$/.exec(value.trim());
  if (!match) return undefined;
  const kind = match[1] ? KIND_OF_PREFIX[match[1]] : fallback;
  const id = Number(match[2]);
  return kind && Number.isSafeInteger(id) ? { kind, id } : undefined;
}

export const NOT_FOUND: Record<SubsonicKind, string> = {
  artist: msg('This artist does not exist.'),
  album: msg('This album does not exist.'),
  track: msg('This track does not exist.'),
  playlist: msg('This playlist does not exist.'),
};

/** An id of one kind; another kind's id, or garbage, is simply not found (70). */
export function idOf(value: string, kind: SubsonicKind): number {
  const parsed = readSubsonicId(value, kind);
  if (!parsed || parsed.kind !== kind) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND[kind]);
  return parsed.id;
}

export const trackIds = (values: string[]) => values.map((value) => idOf(value, 'track'));
