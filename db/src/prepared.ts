import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import { readDirectly } from './connection.ts';

/** Stands for a value given at each run; the SQL is built with it once. */
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

type Placeholders<P> = { readonly [K in keyof P]: P[K] };

/**
 * A query built and compiled once per database and run many times with new values: building a
 * query with Kysely costs more than running a small indexed query, and hot paths (every
 * request's session, a list page) run the same few shapes. `build` receives stand-ins for the
 * parameters and must use them only as values (never to choose what SQL to build). Each run
 * swaps them for the real values in the compiled parameters (an array of values works too: its
 * stand-ins are `params[0]`, `params[1]`…); the statement itself is reused by
 * the SQLite statement cache (connection.ts), and PostgreSQL gets the same text each time.
 */
export function preparedQuery<DB, P extends object, R>(build: (db: Kysely<DB>, params: Placeholders<P>) => Compilable<R>) {
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; slots: (string | undefined)[] }>();
  return async (db: Kysely<DB>, params: P): Promise<R[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      const stand = new Proxy({} as Placeholders<P>, { get: (_target, name) => new Placeholder(String(name)) });
      const query = build(db, stand).compile();
      const slots = query.parameters.map((value) => (value instanceof Placeholder ? value.name : undefined));
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => (slots[i] === undefined ? value : (params as Record<string, unknown>)[slots[i]]));
    // On SQLite, outside a transaction, the statement runs at once: Kysely's way to it (a connection
    // taken and given back, several promises) costs more than an indexed read.
    const direct = readDirectly<R>(db, query.sql, parameters);
    if (direct) return direct;
    const { rows } = await db.executeQuery<R>({ query: query.query, queryId: query.queryId, sql: query.sql, parameters });
    return rows;
  };
}
