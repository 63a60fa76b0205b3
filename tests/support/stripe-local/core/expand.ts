import { errors } from './errors.ts';

export interface ExpandHooks {
  /** The API form of the object with this id, or undefined when the string is not a known id. */
  lookup(id: string): object | undefined;
  /** Fields that appear only when expanded (a session's `line_items`); undefined when `field` is not one. */
  include(owner: Record<string, unknown>, field: string): unknown;
}

/**
 * Applies `expand[]` paths (`subscription`, `data.customer`, `items.data.price.product`): each
 * id string on the path is replaced by the object it names, at most four levels deep.
 */
export function expand<T>(value: T, paths: string[], hooks: ExpandHooks): T {
  let out: unknown = value;
  for (const path of paths) out = expandPath(out, path.split('.'), hooks, path);
  return out as T;
}

function expandPath(node: unknown, segments: string[], hooks: ExpandHooks, path: string): unknown {
  if (node === null || node === undefined) return node;
  if (Array.isArray(node)) return node.map((element) => expandPath(element, segments, hooks, path));
  if (typeof node !== 'object') throw cannotExpand(path);
  const owner = node as Record<string, unknown>;
  const [field, ...rest] = segments;
  let value = hooks.include(owner, field);
  if (value === undefined) {
    value = owner[field];
    if (value === undefined) throw cannotExpand(path);
    if (typeof value === 'string') {
      const found = hooks.lookup(value);
      if (found) value = found;
      else if (!/^[a-z]+(_[a-z]+)?_\w+$/.test(value)) throw cannotExpand(path);
    } else if (typeof value !== 'object') {
      throw cannotExpand(path);
    }
  }
  return { ...owner, [field]: rest.length > 0 ? expandPath(value, rest, hooks, path) : value };
}

function cannotExpand(path: string) {
  return errors.invalidParam('expand', `This property cannot be expanded (${path}).`);
}
