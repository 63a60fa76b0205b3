import type { Db } from '@app/db';
import * as lyricsRepository from '@app/db/catalog/lyrics';
import type { AuthState } from '../context.ts';
import { requireVisible } from '../backstage/backstage-ownership.ts';
import { notFound } from '../common/errors.ts';

export interface LyricLine {
  /** When the line starts, in milliseconds from the start of the track. */
  time_ms: number;
  text: string;
}

export interface ParsedLrc {
  lines: LyricLine[];
  /** The words without time stamps or tags, one line each in time order. */
  text: string;
}

export interface LyricsResource {
  text: string;
  is_synced: boolean;
  lines?: LyricLine[];
}

// [mm:ss], [mm:ss.x], [mm:ss.xx], [mm:ss.xxx]; some editors write [mm:ss:xx].
const STAMP = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/y;
const TAG = /^\[([a-z#]+):([^\]]*)\]\s*$/i;
// Enhanced LRC times single words (<mm:ss.xx>); the player highlights whole lines only.
const WORD_STAMP = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g;

/**
 * Reads LRC: each line may start with several time stamps (a chorus sung twice is written once),
 * `[offset:±ms]` shifts every stamp (a positive offset shows lyrics sooner, per the format), and
 * other tags ([ar:], [ti:], ...) are metadata, not lyrics. Lines without a stamp are dropped.
 */
export function parseLrc(source: string): ParsedLrc {
  let offset = 0;
  const lines: (LyricLine & { order: number })[] = [];
  let order = 0;
  for (const raw of source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const stamps: number[] = [];
    STAMP.lastIndex = 0;
    let match: RegExpExecArray | null;
    let end = 0;
    while ((match = STAMP.exec(line))) {
      const [, minutes, seconds, fraction = '0'] = match;
      // ".5" is half a second, ".05" five hundredths, ".005" five thousandths.
      const ms = Math.round(Number(`0.${fraction}`) * 1000);
      stamps.push(Number(minutes) * 60_000 + Number(seconds) * 1000 + ms);
      end = STAMP.lastIndex;
      // Stamps may be separated by spaces.
      while (line[STAMP.lastIndex] === ' ') STAMP.lastIndex += 1;
    }
    if (!stamps.length) {
      const tag = TAG.exec(line);
      if (tag && tag[1].toLowerCase() === 'offset') {
        const value = Number(tag[2].trim());
        if (Number.isFinite(value)) offset = value;
      }
      continue;
    }
    const text = line.slice(end).replace(WORD_STAMP, '').replace(/\s+/g, ' ').trim();
    for (const time of stamps) lines.push({ time_ms: time, text, order: order++ });
  }
  const shifted = lines
    .map((line) => ({ ...line, time_ms: Math.max(0, line.time_ms - offset) }))
    .sort((a, b) => a.time_ms - b.time_ms || a.order - b.order)
    .map(({ time_ms, text }) => ({ time_ms, text }));
  return { lines: shifted, text: shifted.map((line) => line.text).join('\n').trim() };
}

/**
 * A track's lyrics as the player shows them. Text marked synced that holds no time stamp is
 * served as plain text rather than as an empty synced list.
 */
export async function getLyrics(db: Db, trackId: number): Promise<LyricsResource | null> {
  const row = await lyricsRepository.findLyricsByTrack(db, trackId);
  if (!row?.text.trim()) return null;
  if (row.is_synced) {
    const parsed = parseLrc(row.text);
    if (parsed.lines.length) return { text: parsed.text, is_synced: true, lines: parsed.lines };
  }
  return { text: row.text.trim(), is_synced: false };
}

/** A track's lyrics for the player, or which is missing: the track (a draft for those who may not hear it) or its lyrics. */
export async function lyricsOfTrack(db: Db, auth: AuthState, trackId: number): Promise<LyricsResource> {
  await requireVisible(db, auth, 'track', trackId);
  const lyrics = await getLyrics(db, trackId);
  if (lyrics) return lyrics;
  throw notFound('This track has no lyrics.');
}
