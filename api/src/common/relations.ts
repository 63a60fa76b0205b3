import { validationFailed } from './errors.ts';

/**
 * Reads a comma-joined relation list (`with`, `load`, `loadCount`). An unknown name is an error
 * that lists the accepted ones, so API users are not left wondering why nothing was loaded.
 */
export function parseRelations<const T extends string>(value: string | undefined, allowed: readonly T[], param: string): Set<T> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !allowed.includes(name as T));
  if (unknown.length) {
    throw validationFailed({
      [param]: allowed.length
        ? `Unknown relation "${unknown[0]}". Accepted: ${allowed.join(', ')}.`
        : `This resource has no relations to load with "${param}".`,
    });
  }
  return new Set(names as T[]);
}
