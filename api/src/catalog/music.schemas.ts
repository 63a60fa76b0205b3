import { z } from 'zod';
import { imageUrl, isoDate, optionalText } from '../admin/resources/fields.ts';

/**
 * The fields of tracks, albums and artists and their rules, written once: the back office's
 * resources take them whole, backstage picks the ones an artist may change.
 */
const ids = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(50);
const name = z.string().trim().min(1, 'Enter a name.').max(255);

export const trackFields = z.strictObject({
  name,
  number: z.number().int().min(0).max(10000).nullable().optional(),
  duration: z.number().int().min(0).max(24 * 60 * 60 * 1000).nullable().optional(),
  album_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  file_entry_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  src: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/i, 'Enter an http or https address.')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  description: optionalText(5000),
  /** 0 keeps the track a draft, seen only by its artists and admins. */
  published: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .transform((value) => (value === true || value === 1 ? 1 : 0))
    .optional(),
  artist_ids: ids.optional(),
  genre_ids: ids.optional(),
});

export const albumFields = z.strictObject({
  name,
  image: imageUrl,
  description: optionalText(5000),
  type: z.enum(['album', 'single', 'ep', 'compilation']).optional(),
  release_date: isoDate,
  artist_ids: ids.optional(),
});

/** A link on an artist's profile: an http(s) address and the words shown for it. */
export const artistLink = z.strictObject({
  url: z.string().trim().max(1000).regex(/^https?:\/\/\S+$/i, 'Enter an http or https address.'),
  title: z.string().trim().min(1, 'Enter the words shown for the link.').max(100),
});

export const artistFields = z.strictObject({
  name,
  image: imageUrl,
  description: optionalText(10000),
  verified: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .transform((value) => (value === true || value === 1 ? 1 : 0))
    .optional(),
  links: z.array(artistLink).max(20, 'An artist has at most 20 links.').optional(),
  genre_ids: ids.optional(),
});
