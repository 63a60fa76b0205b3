import { z } from 'zod';
import type { AdminResource } from '../resource.ts';

/** Most translated lines one language may hold; the interface has well under this many. */
export const MAX_LINES = 20_000;

/**
 * Languages of the interface. `lines` maps English source text to its translation; a line left
 * out (or empty) shows in English. Lists leave `lines` out: it is read by id on the translate screen.
 */
export const localizations: AdminResource = {
  name: 'localizations',
  label: 'Localizations',
  permissions: { read: ['localizations.update'], write: ['localizations.update'] },
  table: {
    table: 'localizations',
    columns: ['id', 'name', 'language', 'lines', 'created_at', 'updated_at'],
    writable: ['name', 'language', 'lines'],
    searchable: ['name', 'language'],
    sortable: ['id', 'name', 'language', 'created_at', 'updated_at'],
    filters: { language: 'text', created_at: 'date' },
    json: ['lines'],
    detailOnly: ['lines'],
    timestamps: true,
  },
  input: z.strictObject({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    language: z
      .string()
      .trim()
      .min(2, 'Enter a language code such as fr or pt-BR.')
      .max(20)
      .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'Enter a language code such as fr or pt-BR.'),
    lines: z
      .record(z.string().min(1).max(5000), z.string().max(20000, 'A translation is at most 20,000 characters.'))
      .refine((lines) => Object.keys(lines).length <= MAX_LINES, `A language holds at most ${MAX_LINES} lines.`)
      // Empty translations are dropped so that the English line shows instead of nothing.
      .transform((lines) => Object.fromEntries(Object.entries(lines).filter(([, value]) => value.trim() !== '')))
      .optional(),
  }),
  unique: ['language'],
  guardDelete(record) {
    return record.language === 'en' ? 'English is the source language of the interface and cannot be deleted.' : undefined;
  },
};
