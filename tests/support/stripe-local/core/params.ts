import { errors } from './errors.ts';

/** A decoded Stripe request parameter: form values are strings, nested in hashes and arrays. */
export type ParamValue = string | ParamValue[] | { [key: string]: ParamValue };
type ParamHash = { [key: string]: ParamValue };

/**
 * Decodes Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`) into nested hashes and arrays,
 * the way the API reads what the SDKs send (brackets may arrive encoded or not).
 */
export function parseForm(text: string): ParamHash {
  const root: ParamHash = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw errors.invalidParam(rawKey, `Invalid parameter name: ${rawKey}`, 'parameter_invalid_string');
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let node: ParamHash = root;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      // `[]` appends: give the element the next free index of this hash.
      const key = path[i] === '' ? String(Object.keys(node).length) : path[i];
      if (last) {
        node[key] = value;
      } else {
        const next = node[key];
        if (next === undefined || typeof next === 'string') node[key] = {};
        node = node[key] as ParamHash;
      }
    }
  }
  return arraysFromIndexedHashes(root) as ParamHash;
}

/** `{ '0': a, '1': b }` is how arrays travel; hand them to handlers as arrays. */
function arraysFromIndexedHashes(value: ParamValue): ParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: ParamHash = {};
  for (const key of keys) converted[key] = arraysFromIndexedHashes(value[key]);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]);
  }
  return converted;
}

/**
 * Typed, Stripe-worded access to one request's parameters. Every parameter a handler reads is
 * marked; `finish()` then rejects the ones nobody read, as Stripe rejects unknown parameters, so
 * a typo or an unimplemented option in the product fails loudly here instead of being ignored.
 */
export class Params {
  private readonly values: ParamHash;
  private readonly prefix: string;
  private readonly used: Set<string>;

  constructor(values: ParamHash, prefix = '', used = new Set<string>()) {
    this.values = values;
    this.prefix = prefix;
    this.used = used;
  }

  /** The parameter's full name as Stripe reports it, e.g. `line_items[0][price]`. */
  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.values);
  }

  /** Accepted and deliberately without effect here (display options, tax, ...). */
  ignore(...keys: string[]): void {
    for (const key of keys) this.markTree(this.name(key), this.values[key]);
  }

  raw(key: string): ParamValue | undefined {
    this.used.add(this.name(key));
    return this.values[key];
  }

  string(key: string): string | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw errors.invalidString(this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw errors.missingParam(this.name(key));
    if (value === '') throw errors.cannotUnset(this.name(key));
    return value;
  }

  /** An "emptyable" field: `''` clears it (null), absent leaves it alone (undefined). */
  nullableString(key: string): string | null | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    return value === '' ? null : value;
  }

  int(key: string, { min, max }: { min?: number; max?: number } = {}): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value)) throw errors.invalidInteger(this.name(key), value);
    const number = Number(value);
    if (!Number.isSafeInteger(number)) throw errors.invalidInteger(this.name(key), value);
    if (min !== undefined && number < min) {
      throw errors.invalidParam(this.name(key), `This value must be greater than or equal to ${min}.`, 'parameter_invalid_integer');
    }
    if (max !== undefined && number > max) {
      throw errors.invalidParam(this.name(key), `This value must be less than or equal to ${max}.`, 'parameter_invalid_integer');
    }
    return number;
  }

  bool(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw errors.invalidBoolean(this.name(key), value);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (!(allowed as readonly string[]).includes(value)) throw errors.invalidEnum(this.name(key), value, allowed);
    return value as T;
  }

  /** A nested hash, read with the same rules; undefined when absent or sent empty. */
  hash(key: string): Params | undefined {
    // Not marked as read: its own keys are checked one by one.
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') {
      this.used.add(this.name(key));
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidHash(this.name(key));
    return new Params(value, this.name(key), this.used);
  }

  /** An array of hashes (`items[0][price]`). */
  hashes(key: string): Params[] {
    const value = this.values[key];
    if (value === undefined) return [];
    if (value === '') {
      this.used.add(this.name(key));
      return [];
    }
    if (!Array.isArray(value)) throw errors.invalidArray(this.name(key));
    return value.map((element, index) => {
      const name = `${this.name(key)}[${index}]`;
      if (typeof element !== 'object' || Array.isArray(element)) throw errors.invalidHash(name);
      return new Params(element, name, this.used);
    });
  }

  /** An array of strings (`expand[]`, `enabled_events[]`). */
  strings(key: string): string[] | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (!Array.isArray(value)) throw errors.invalidArray(this.name(key));
    return value.map((element, index) => {
      if (typeof element !== 'string') throw errors.invalidString(`${this.name(key)}[${index}]`);
      return element;
    });
  }

  /**
   * Stripe's metadata update rules: `metadata[k]=v` sets, `metadata[k]=` removes one key,
   * `metadata=` removes them all. Returns the new metadata, or undefined when untouched.
   */
  metadata(key: string, current: Record<string, string> = {}): Record<string, string> | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidHash(this.name(key));
    const next = { ...current };
    for (const [name, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') throw errors.invalidString(`${this.name(key)}[${name}]`);
      if (name.length > 40) throw errors.invalidParam(`${this.name(key)}[${name}]`, 'Metadata keys can be at most 40 characters long.');
      if (entry.length > 500) throw errors.invalidParam(`${this.name(key)}[${name}]`, 'Metadata values can be at most 500 characters long.');
      if (entry === '') delete next[name];
      else next[name] = entry;
    }
    if (Object.keys(next).length > 50) throw errors.invalidParam(this.name(key), 'Metadata can have at most 50 keys.');
    return next;
  }

  /** `expand[]` plus the rule that expansions go at most four levels deep. */
  expand(): string[] {
    const paths = this.strings('expand') ?? [];
    for (const path of paths) {
      if (path.split('.').length > 4) {
        throw errors.invalidParam('expand', `You cannot expand more than 4 levels of a property. Property: ${path}`);
      }
    }
    return paths;
  }

  /** Rejects any parameter no handler read, naming the first one as Stripe does. */
  finish(): void {
    const unread = this.unread(this.values, this.prefix);
    if (unread.length > 0) throw errors.unknownParam(unread[0]);
  }

  private unread(values: ParamValue, name: string): string[] {
    if (name && this.used.has(name)) return [];
    if (typeof values === 'string') return name ? [name] : [];
    const entries: [string, ParamValue][] = Array.isArray(values) ? values.map((v, i) => [String(i), v]) : Object.entries(values);
    if (entries.length === 0) return name ? [name] : [];
    return entries.flatMap(([key, value]) => this.unread(value, name ? `${name}[${key}]` : key));
  }

  private markTree(name: string, value: ParamValue | undefined): void {
    this.used.add(name);
    if (value === undefined || typeof value === 'string') return;
    const entries: [string, ParamValue][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key, nested] of entries) this.markTree(`${name}[${key}]`, nested);
  }
}
