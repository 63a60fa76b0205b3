import { errors } from './errors.ts';

type Json = Record<string, unknown>;

/**
 * A JSON request body read field by field, with PayPal's error details (a JSON pointer in
 * `field`). Fields the double does not know are refused rather than ignored.
 */
export class Body {
  readonly raw: Json;
  private readonly prefix: string;

  constructor(raw: unknown, prefix = '') {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw errors.malformedJson();
    this.raw = raw as Json;
    this.prefix = prefix;
  }

  /** Refuses any field not in `known` (PayPal has many this double does not implement). */
  only(known: readonly string[]): this {
    for (const key of Object.keys(this.raw)) if (!known.includes(key)) throw errors.unsupported(`${this.prefix}/${key}`);
    return this;
  }

  field(name: string): string {
    return `${this.prefix}/${name}`;
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined && this.raw[name] !== null;
  }

  string(name: string, options: { max?: number; pattern?: RegExp } = {}): string | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw errors.invalidSyntax(this.field(name), value);
    if (value.length === 0 || (options.max && value.length > options.max)) throw errors.invalidValue(this.field(name), value, 'The value of a field is either too short or too long.');
    if (options.pattern && !options.pattern.test(value)) throw errors.invalidSyntax(this.field(name), value);
    return value;
  }

  requiredString(name: string, options: { max?: number; pattern?: RegExp } = {}): string {
    const value = this.string(name, options);
    if (value === undefined) throw errors.missing(this.field(name));
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.string(name);
    if (value !== undefined && !allowed.includes(value as T)) throw errors.invalidValue(this.field(name), value, `The value must be one of ${allowed.join(', ')}.`);
    return value as T | undefined;
  }

  int(name: string, min: number, max: number): number | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw errors.invalidSyntax(this.field(name), value);
    if (value < min || value > max) throw errors.invalidValue(this.field(name), String(value), `The value must be between ${min} and ${max}.`);
    return value;
  }

  bool(name: string): boolean | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') throw errors.invalidSyntax(this.field(name), value);
    return value;
  }

  object(name: string): Body | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidSyntax(this.field(name), value);
    return new Body(value, this.field(name));
  }

  requiredObject(name: string): Body {
    const value = this.object(name);
    if (!value) throw errors.missing(this.field(name));
    return value;
  }

  array(name: string): Body[] | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) throw errors.invalidSyntax(this.field(name), value);
    return value.map((item, i) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) throw errors.invalidSyntax(`${this.field(name)}/${i}`, item);
      return new Body(item, `${this.field(name)}/${i}`);
    });
  }
}
