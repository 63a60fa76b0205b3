import type { TestClient } from '@app/api/testing';
import simpleRestProvider from 'ra-data-simple-rest';
import { describe, expect, it } from 'vitest';

/**
 * The back office's own data provider (ra-data-simple-rest) over the in-process test client, and
 * the checks every resource must pass through it: lists with sort, range and filter, reads,
 * writes, refusals for guests and users, and bad input.
 */

export class HttpError extends Error {
  readonly status: number;
  readonly body: { message?: string; errors?: Record<string, string> } | undefined;
  constructor(message: string, status: number, body: HttpError['body']) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** What react-admin's fetchJson does, over the test client (cookies and XSRF header included). */
function httpClientOf(client: TestClient) {
  return async (url: string, options: { method?: string; body?: string; headers?: Headers } = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    options.headers?.forEach((value, key) => {
      headers[key] = value;
    });
    if (options.body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    const response = await client.request(options.method ?? 'GET', url, undefined, { headers, rawBody: options.body });
    const body = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: react-admin's fetchJson, which this stands in for, returns the body untyped
    let json: any;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    if (response.status < 200 || response.status >= 300) throw new HttpError(json?.message ?? response.statusText, response.status, json);
    return { status: response.status, headers: response.headers, body, json };
  };
}

export const providerOf = (client: TestClient) => simpleRestProvider('/api/admin', httpClientOf(client) as never);
export type Provider = ReturnType<typeof providerOf>;

/** The status a data provider call was refused with. */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; body: HttpError['body'] }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: error.body };
    throw error;
  }
  throw new Error('The call was not refused');
}

export interface Case {
  resource: string;
  /** A whitelisted sort field and a filter that keeps some records. */
  sort: string;
  filter: Record<string, unknown>;
  /** A field nobody may sort or filter by. */
  secret: string;
  create?: () => Record<string, unknown>;
  update: Record<string, unknown>;
  /** How many records really hold a character searched for (`%`, `_`); none unless said. */
  wildcardMatches?: Record<string, number>;
}

export interface ResourceCaseContext {
  admin: Provider;
  listener: Provider;
  guest: Provider;
}

/** Runs the common checks for each case; `context` is read when the tests run (after beforeAll). */
export function describeResourceCases(cases: Case[], context: () => ResourceCaseContext) {
  describe.each(cases)('$resource through ra-data-simple-rest', ({ resource, sort, filter, secret, create, update, wildcardMatches = {} }) => {
    it('lists with sort, range and filter, and reports the total', async () => {
      const { admin } = context();
      const all = await admin.getList(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      const filtered = await admin.getList(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: sort, order: 'DESC' }, filter });
      expect(filtered.total).toBe(filtered.data.length);
      expect(filtered.total).toBeGreaterThan(0);
      expect(filtered.total).toBeLessThanOrEqual(all.total!);
      const values = filtered.data.map((record) => record[sort]);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

      const page = await admin.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect(page.data).toHaveLength(1);
      expect(page.total).toBe(all.total);
      expect(page.data[0].id).toBe(all.data[0].id);
    });

    it('answers a page past the end with no records and the total', async () => {
      const { admin } = context();
      const past = await admin.getList(resource, { pagination: { page: 5000, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect(past.data).toEqual([]);
      expect(past.total).toBeGreaterThan(0);
    });

    it('refuses sorting or filtering by a field that is not whitelisted, and treats wildcards and SQL as text', async () => {
      const { admin } = context();
      const badSort = await refusal(admin.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: secret, order: 'ASC' }, filter: {} }));
      expect(badSort.status).toBe(422);
      expect(badSort.body?.errors?.sort).toMatch(`Sorting by "${secret}" is not allowed`);
      const badFilter = await refusal(admin.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { [secret]: 'x' } }));
      expect(badFilter.status).toBe(422);
      const injection = await refusal(admin.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id; DROP TABLE users', order: 'ASC' }, filter: {} }));
      expect(injection.status).toBe(422);

      for (const q of ['%', '_', "' OR 1=1 --", '%%__']) {
        const result = await admin.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q } });
        const expected = wildcardMatches[q] ?? 0;
        expect(result.total, `q=${q}`).toBe(expected);
      }
    });

    it('creates, reads one and many, updates and deletes', async () => {
      const { admin } = context();
      // biome-ignore lint/suspicious/noExplicitAny: one test for every resource, whatever its columns
      let record: Record<string, any>;
      if (create) {
        const created = await admin.create(resource, { data: create() });
        record = created.data;
        expect(record.id).toBeGreaterThan(0);
      } else {
        // Records of this kind are made by listeners on the site; take one of theirs.
        const { data } = await admin.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
        record = data[0];
        expect((await refusal(admin.create(resource, { data: { content: 'x' } }))).status).toBe(405);
      }

      const one = await admin.getOne(resource, { id: record.id });
      expect(one.data).toMatchObject({ id: record.id });
      const others = await admin.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      const many = await admin.getMany(resource, { ids: [record.id, others.data[0].id] });
      expect(many.data.map((r) => r.id).sort()).toEqual([...new Set([record.id, others.data[0].id])].sort());

      if (Object.keys(update).length) {
        // react-admin sends the whole record back with the changes.
        const updated = await admin.update(resource, { id: record.id, data: { ...one.data, ...update }, previousData: one.data });
        expect(updated.data).toMatchObject({ id: record.id, ...normalise(update) });
        expect((await admin.getOne(resource, { id: record.id })).data).toMatchObject(normalise(update));
      } else {
        expect((await refusal(admin.update(resource, { id: record.id, data: one.data, previousData: one.data }))).status).toBe(405);
      }

      const deleted = await admin.delete(resource, { id: record.id, previousData: one.data });
      expect(deleted.data.id).toBe(record.id);
      expect((await refusal(admin.getOne(resource, { id: record.id }))).status).toBe(404);
    });

    it('refuses guests (401) and users without the permission (403) on every verb', async () => {
      const { admin, listener, guest } = context();
      const { data } = await admin.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      const id = data[0].id;
      for (const [who, provider, status] of [['guest', guest, 401], ['listener', listener, 403]] as const) {
        const calls: [string, Promise<unknown>][] = [
          ['getList', provider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })],
          ['getOne', provider.getOne(resource, { id })],
          ['getMany', provider.getMany(resource, { ids: [id] })],
          ['delete', provider.delete(resource, { id, previousData: data[0] })],
        ];
        if (create) calls.push(['create', provider.create(resource, { data: create() })]);
        if (Object.keys(update).length) calls.push(['update', provider.update(resource, { id, data: update, previousData: data[0] })]);
        // Each refusal is caught as soon as its call starts: the calls run together, and one refused
        // before the loop reaches it would otherwise be an unhandled rejection.
        const refusals = calls.map(([verb, call]) => [verb, refusal(call)] as const);
        for (const [verb, refused] of refusals) expect((await refused).status, `${verb} as ${who}`).toBe(status);
      }
      expect((await admin.getOne(resource, { id })).data.id).toBe(id);
    });
  });

  /** Flags go in as booleans and come back as 0 or 1. */
  function normalise(values: Record<string, unknown>) {
    return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'boolean' ? Number(value) : value]));
  }
}

/** Flags go in as booleans and come back as 0 or 1. */
export function normalise(values: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'boolean' ? Number(value) : value]));
}

