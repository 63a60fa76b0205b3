import { z } from 'zod';

/** Optional free text; an empty string is stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/** An image address: a path on this site or an http(s) URL. Nothing that could run script. */
export const imageUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => value === '' || /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value), 'Enter a path starting with / or an http(s) address.')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));
