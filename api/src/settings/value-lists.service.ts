import * as localizationsRepository from '@app/db/settings/localizations';
import type { AppDeps } from '../context.ts';

// Codes Intl knows that are not countries people live in.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

let countryCache: { code: string; name: string }[] | undefined;
let timezoneCache: Record<string, { value: string; text: string }[]> | undefined;

/** ISO 3166 countries with English names, from the runtime's own data. */
export function countries(): { code: string; name: string }[] {
  if (countryCache) return countryCache;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const list: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && !NOT_COUNTRIES.has(code)) list.push({ code: code.toLowerCase(), name });
    }
  }
  countryCache = list.sort((x, y) => x.name.localeCompare(y.name));
  return countryCache;
}

function utcOffset(zone: string): string {
  const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
}

/** IANA time zones grouped by region, each labelled with its current offset: "(UTC+01:00) Paris". */
export function timezones(): Record<string, { value: string; text: string }[]> {
  if (timezoneCache) return timezoneCache;
  const grouped: Record<string, { value: string; text: string }[]> = {};
  for (const zone of ['UTC', ...Intl.supportedValuesOf('timeZone')]) {
    const [region, ...rest] = zone.split('/');
    const group = rest.length ? region : 'Other';
    (grouped[group] ??= []).push({ value: zone, text: `(${utcOffset(zone)}) ${(rest.join('/') || region).replace(/_/g, ' ')}` });
  }
  timezoneCache = grouped;
  return grouped;
}

export function isTimezone(value: string): boolean {
  return value === 'UTC' || Intl.supportedValuesOf('timeZone').includes(value);
}

export function isCountry(code: string): boolean {
  return countries().some((country) => country.code === code.toLowerCase());
}

export const VALUE_LISTS = ['timezones', 'countries', 'localizations'] as const;
export type ValueListName = (typeof VALUE_LISTS)[number];

/** The lists asked for, each under its name. */
export async function valueLists(deps: AppDeps, names: ValueListName[]) {
  const result: { timezones?: ReturnType<typeof timezones>; countries?: ReturnType<typeof countries>; localizations?: { language: string; name: string }[] } = {};
  for (const name of names) {
    if (name === 'timezones') result.timezones = timezones();
    if (name === 'countries') result.countries = countries();
    if (name === 'localizations') result.localizations = await localizationsRepository.listLocalizations(deps.db);
  }
  return result;
}
