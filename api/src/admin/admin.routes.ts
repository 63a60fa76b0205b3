import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { sendBytes } from '../caching/direct-response.ts';
import { ApiError, forbidden, notFound, unauthenticated, validationFailed, validationHook, zodErrorsByField } from '../http/errors.ts';
import { ErrorSchema, idParam } from '../http/schemas.ts';
import { hasPermission } from '../permissions/permissions.ts';
import type { AdminResource } from './resource.ts';
import { createListCache, listTables } from './list-cache.ts';
import { createRecord, deleteRecord, filterKeysOf, readOne, updateRecord, type ListQuery } from './resource-writes.ts';
import { ADMIN_RESOURCES } from './resources/index.ts';

/** Largest page the back office may ask for in one call. */
export const MAX_RANGE = 1000;

function access(resource: AdminResource, mode: 'read' | 'write'): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const auth = c.get('auth');
    if (!auth.user) throw unauthenticated();
    const allowed = hasPermission(auth.permissions, 'admin.access') && resource.permissions[mode].some((name) => hasPermission(auth.permissions, name));
    if (!allowed) throw forbidden(`You don't have permission to ${mode === 'read' ? 'view' : 'change'} ${resource.label.toLowerCase()}.`);
    return next();
  };
}

function parseJsonParam(value: string | undefined, name: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw validationFailed({ [name]: `"${name}" must be JSON, for example ${name === 'sort' ? '["id","ASC"]' : name === 'range' ? '[0,24]' : '{"q":"night"}'}.` });
  }
}

// Built once: making a zod schema costs more than using it, and the list runs on every page of every list.
const sortParam = z.tuple([z.string(), z.string().transform((o) => o.toUpperCase()).pipe(z.enum(['ASC', 'DESC']))]);
const rangeParam = z.tuple([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]);
const filterValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(500), z.number()])).max(MAX_RANGE)]);

/** Reads ra-data-simple-rest's `sort`, `range` and `filter`, refusing anything not whitelisted. */
export function parseListQuery(resource: AdminResource, query: Record<string, string | undefined>): ListQuery {
  const errors: Record<string, string> = {};
  const table = resource.table;

  let sort: ListQuery['sort'];
  const rawSort = parseJsonParam(query.sort, 'sort');
  if (rawSort !== undefined) {
    const parsed = sortParam.safeParse(rawSort);
    if (!parsed.success) errors.sort = 'Sort must be ["field","ASC"] or ["field","DESC"].';
    else if (!table.sortable.includes(parsed.data[0])) errors.sort = `Sorting by "${parsed.data[0]}" is not allowed. Sortable fields: ${table.sortable.join(', ')}.`;
    else sort = { field: parsed.data[0], order: parsed.data[1] };
  }

  let range = { start: 0, end: 24 };
  const rawRange = parseJsonParam(query.range, 'range');
  if (rawRange !== undefined) {
    const parsed = rangeParam.safeParse(rawRange);
    if (!parsed.success || parsed.data[1] < parsed.data[0]) errors.range = 'Range must be [start,end] with 0 <= start <= end.';
    else if (parsed.data[1] - parsed.data[0] + 1 > MAX_RANGE) errors.range = `A range may cover at most ${MAX_RANGE} records.`;
    else range = { start: parsed.data[0], end: parsed.data[1] };
  }

  const filter: Record<string, unknown> = {};
  const rawFilter = parseJsonParam(query.filter, 'filter');
  if (rawFilter !== undefined) {
    if (!rawFilter || typeof rawFilter !== 'object' || Array.isArray(rawFilter)) errors.filter = 'Filter must be a JSON object.';
    else {
      const allowed = filterKeysOf(resource);
      for (const [key, value] of Object.entries(rawFilter)) {
        if (!allowed.includes(key)) {
          errors.filter = `Filtering by "${key}" is not allowed. Filters: ${allowed.join(', ')}.`;
          break;
        }
        const parsed = filterValue.safeParse(value);
        if (!parsed.success) {
          errors.filter = `The value of filter "${key}" must be text, a number, a boolean, null or a list.`;
          break;
        }
        filter[key] = parsed.data;
      }
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { sort, range, filter };
}

function parseId(value: string): number {
  const parsed = idParam.safeParse({ id: value });
  if (!parsed.success) throw validationFailed(zodErrorsByField(parsed.error));
  return parsed.data.id;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/(.+\+)?json/i.test(type)) throw new ApiError(415, 'Send the record as JSON (Content-Type: application/json).');
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
}

const listQuery = z.object({
  sort: z.string().optional().openapi({ example: '["name","ASC"]' }),
  range: z.string().optional().openapi({ example: '[0,24]' }),
  filter: z.string().optional().openapi({ example: '{"q":"night"}' }),
});
const recordSchema = z.record(z.string(), z.unknown());
const jsonContent = (schema: z.ZodType) => ({ 'application/json': { schema } });
const errors = {
  401: { description: 'Not logged in', content: jsonContent(ErrorSchema) },
  403: { description: 'Permission missing', content: jsonContent(ErrorSchema) },
  422: { description: 'Invalid input', content: jsonContent(ErrorSchema) },
};

function registerResource(app: OpenAPIHono<AppEnv>, resource: AdminResource, listPage: ReturnType<typeof createListCache>): void {
  const path = `/${resource.name}`;
  const tables = listTables(resource);
  const tags = [`Admin: ${resource.label}`];
  const read = access(resource, 'read');
  const write = access(resource, 'write');

  // Documented from its schema but read by hand, like the writes below: a page the list cache holds
  // is found by its query string as sent, before anything is parsed (see list-cache.ts).
  app.openAPIRegistry.registerPath(
    createRoute({
      method: 'get',
      path,
      tags,
      summary: `List ${resource.label.toLowerCase()}`,
      description: `Sortable: ${resource.table.sortable.join(', ')}. Filters: ${filterKeysOf(resource).join(', ')}.`,
      request: { query: listQuery },
      responses: { 200: { description: 'Records, with Content-Range', content: jsonContent(z.array(recordSchema)) }, ...errors },
    }),
  );
  app.get(path, read, async (c) => {
    const url = c.req.url;
    const search = url.indexOf('?');
    const page = await listPage(c.get('deps'), resource, search < 0 ? '' : url.slice(search + 1), tables, c.get('tableVersions'), () =>
      parseListQuery(resource, { sort: c.req.query('sort'), range: c.req.query('range'), filter: c.req.query('filter') }),
    );
    // The records are already JSON bytes (kept so by the list cache): sent as they are.
    return sendBytes(c, 200, page.body, [
      ['Content-Type', 'application/json'],
      ['Content-Range', page.contentRange],
      ['Access-Control-Expose-Headers', 'Content-Range'],
    ]);
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: `${path}/{id}`,
      tags,
      summary: `One of the ${resource.label.toLowerCase()}`,
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The record', content: jsonContent(recordSchema) }, 404: { description: 'Not found', content: jsonContent(ErrorSchema) }, ...errors },
    }),
    async (c) => {
      const record = await readOne(c.get('deps'), resource, c.req.valid('param').id);
      if (!record) throw notFound();
      return c.json(record, 200);
    },
  );

  // Writes are documented from the resource's schema but parsed by hand (see parseWrite), because
  // an update legitimately carries read-only fields the route-level validator would refuse.
  const operations = resource.operations ?? ['create', 'update', 'delete'];
  if (operations.includes('create')) {
    app.openAPIRegistry.registerPath(
      createRoute({
        method: 'post',
        path,
        tags,
        summary: `Create one of the ${resource.label.toLowerCase()}`,
        request: { body: { content: jsonContent(resource.input), required: true } },
        responses: { 201: { description: 'The created record', content: jsonContent(recordSchema) }, ...errors },
      }),
    );
    app.post(path, write, async (c) => {
      const deps = c.get('deps');
      return c.json(await createRecord(deps, c.get('auth'), resource, await readJson(c)), 201);
    });
  }

  if (operations.includes('update')) {
    app.openAPIRegistry.registerPath(
      createRoute({
        method: 'put',
        path: `${path}/{id}`,
        tags,
        summary: `Update one of the ${resource.label.toLowerCase()}`,
        request: { params: idParam, body: { content: jsonContent(resource.input.partial()), required: true } },
        responses: { 200: { description: 'The updated record', content: jsonContent(recordSchema) }, 404: { description: 'Not found', content: jsonContent(ErrorSchema) }, ...errors },
      }),
    );
    app.put(`${path}/:id`, write, async (c) => {
      const deps = c.get('deps');
      const id = parseId(c.req.param('id'));
      return c.json(await updateRecord(deps, c.get('auth'), resource, id, await readJson(c)), 200);
    });
  }

  if (operations.includes('delete')) {
    app.openapi(
      createRoute({
        method: 'delete',
        path: `${path}/{id}`,
        tags,
        summary: `Delete one of the ${resource.label.toLowerCase()}`,
        middleware: [write] as const,
        request: { params: idParam },
        responses: { 200: { description: 'The deleted record', content: jsonContent(recordSchema) }, 404: { description: 'Not found', content: jsonContent(ErrorSchema) }, ...errors },
      }),
      async (c) => {
        return c.json(await deleteRecord(c.get('deps'), c.get('auth'), resource, c.req.valid('param').id), 200);
      },
    );
  }
}

/** The back office's API, in the ra-data-simple-rest dialect, one declaration per resource. */
export function createAdminRoutes(resources: AdminResource[] = ADMIN_RESOURCES): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // One per app: its entries are checked against the database this app reads.
  const listPage = createListCache();
  for (const resource of resources) registerResource(app, resource, listPage);
  return app;
}
