import { z } from 'zod';
import { parseLrc } from '../../catalog/lyrics.service.ts';
import type { AdminResource } from '../resource.ts';
import { flag } from './fields.ts';

const STAMPED = /^\s*(\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\]\s*)+/;
const TAG_LINE = /^\s*\[[a-z#]+:[^\]]*\]\s*$/i;

/**
 * Why text marked synced is not LRC, or undefined when it is: every line must start with a time
 * stamp [mm:ss.xx] or be a tag such as [ar:Artist], and at least one line must be timed.
 */
export function lrcProblem(text: string): string | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim() || STAMPED.test(line) || TAG_LINE.test(line)) continue;
    return `Line ${index + 1} has no time stamp. Synced lyrics are LRC: each line starts with [mm:ss.xx].`;
  }
  if (!parseLrc(text).lines.length) return 'Synced lyrics need at least one line starting with a time stamp such as [00:12.50].';
  return undefined;
}

export const lyrics: AdminResource = {
  name: 'lyrics',
  label: 'Lyrics',
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'lyrics',
    columns: ['id', 'track_id', 'text', 'is_synced', 'created_at', 'updated_at'],
    writable: ['track_id', 'text', 'is_synced'],
    searchable: ['text'],
    sortable: ['id', 'track_id', 'is_synced', 'created_at', 'updated_at'],
    filters: { track_id: 'number', is_synced: 'boolean', created_at: 'date' },
    timestamps: true,
  },
  input: z.strictObject({
    track_id: z.number('Choose a track.').int().positive(),
    text: z.string().trim().min(1, 'Enter the lyrics.').max(50000, 'Lyrics are at most 50,000 characters.'),
    is_synced: flag,
  }),
  references: { track_id: 'tracks' },
  async validate(data, existing, deps) {
    const errors: Record<string, string> = {};
    const text = (data.text ?? existing?.text) as string;
    const synced = (data.is_synced ?? existing?.is_synced) === 1;
    const problem = synced ? lrcProblem(text) : undefined;
    if (problem) errors.text = problem;
    const trackId = data.track_id as number | undefined;
    if (trackId !== undefined && trackId !== existing?.track_id) {
      const taken = await deps.db.selectFrom('lyrics').select('id').where('track_id', '=', trackId).executeTakeFirst();
      if (taken) errors.track_id = 'This track already has lyrics: edit them instead.';
    }
    return errors;
  },
};
