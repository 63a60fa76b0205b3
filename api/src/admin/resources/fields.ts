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

/** A yes/no column stored as 0 or 1; react-admin's inputs send booleans. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => (value === true || value === 1 ? 1 : 0))
  .optional();

/** Addresses in URLs: lower-case words joined by hyphens. */
export const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter an address.')
  .max(100, 'Addresses are at most 100 characters.')
  .regex(/^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u, 'Use lower-case letters, digits and hyphens, for example summer-hits.');
