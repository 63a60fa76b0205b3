import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';

/** The most items one call lists (Subsonic documents 500 for its lists); larger counts are capped to it. */
export const LIST_MAX = 500;

/** Request parameters from the query and, for POST, the form body; Subsonic repeats a name for lists. */
export class Params {
  private readonly values: Map<string, string[]>;
  constructor(values: Map<string, string[]>) {
    this.values = values;
  }

  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  one(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  required(name: string): string {
    const value = this.one(name);
    if (value === undefined) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter :name is missing.'), { name });
    return value;
  }

  int(name: string, options: { min: number; max: number; fallback: number }): number;
  int(name: string, options: { min: number; max: number }): number | undefined;
  int(name: string, { min, max, fallback }: { min: number; max: number; fallback?: number }): number | undefined {
    const value = this.one(name);
    if (value === undefined || value === '') return fallback;
    return wholeNumber(name, value, min, max);
  }

  /** Every value of a repeated number parameter (songIndexToRemove, time), each checked. */
  ints(name: string, { min, max }: { min: number; max: number }): number[] {
    return this.all(name).map((value) => wholeNumber(name, value, min, max));
  }

  /** How many items a list may hold: a count past the largest page is capped rather than refused, as apps ask for "all". */
  count(name: string, { max, fallback }: { max: number; fallback: number }): number {
    return Math.min(this.int(name, { min: 0, max: Number.MAX_SAFE_INTEGER, fallback }), max);
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.one(name)?.toLowerCase();
    if (value === undefined || value === '') return fallback;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Parameter :name must be true or false.'), { name });
  }
}

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const parsed = z.coerce.number().int().min(min).max(max).safeParse(value.trim() === '' ? Number.NaN : value);
  if (!parsed.success) {
    throw new SubsonicError(SUBSONIC_ERROR.generic, msg('Parameter :name must be a whole number from :min to :max.'), { name, min: String(min), max: String(max) });
  }
  return parsed.data;
}

const MAX_PARAM_VALUES = 5000;

export async function readParams(c: Context<AppEnv>): Promise<Params> {
  const values = new Map<string, string[]>();
  const add = (key: string, value: string) => {
    const list = values.get(key) ?? [];
    if (list.length < MAX_PARAM_VALUES) list.push(value);
    values.set(key, list);
  };
  for (const [key, value] of new URL(c.req.url).searchParams) add(key, value);
  // OpenSubsonic's formPost: the same parameters as a form body, so credentials stay out of URLs.
  if (c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(await c.req.text())) add(key, value);
  }
  return new Params(values);
}
