import * as adminResourceRepository from '@app/db/admin/admin-resource';
import type { AppDeps, AuthState } from '../context.ts';
import { MalformedRequestError, notFound, validationFailed, ValidationError, zodErrorsByField } from '../common/errors.ts';
import type { AdminResource } from './resource.ts';

export type { ListQuery } from '@app/db/admin/admin-resource';

/*
 * How a resource's record is read and written, apart from HTTP: the back office's routes and
 * backstage (an artist editing their own music) go through the same validation, references,
 * hooks and queries.
 */

async function checkReferencesAndUnique(deps: AppDeps, resource: AdminResource, data: Record<string, unknown>, exceptId?: number) {
  const errors: Record<string, string> = {};
  for (const [field, table] of Object.entries(resource.references ?? {})) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    const ids = Array.isArray(value) ? (value as number[]) : [value as number];
    const missing = await adminResourceRepository.missingIds(deps.db, table, ids);
    if (missing.length) errors[field] = `No ${table.replace(/_/g, ' ').replace(/s$/, '')} has the id ${missing.join(', ')}.`;
  }
  for (const column of resource.unique ?? []) {
    if (data[column] !== undefined && (await adminResourceRepository.valueTaken(deps.db, resource.table.table, column, data[column], exceptId))) {
      errors[column] = `This ${column.replace(/_/g, ' ')} is already taken.`;
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * Parses a write. On update, the back office sends the whole record back, so read-only fields it
 * received (id, timestamps, counts) are dropped; anything it could not have received is refused.
 */
export function parseWrite(resource: AdminResource, body: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new MalformedRequestError('The request body must be a JSON object.');
  let data = body as Record<string, unknown>;
  if (mode === 'update') {
    const readOnly = new Set([...resource.table.columns, ...Object.keys(resource.table.counts ?? {})]);
    const inputKeys = new Set(Object.keys(resource.input.shape));
    data = Object.fromEntries(Object.entries(data).filter(([key]) => inputKeys.has(key) || !readOnly.has(key)));
  }
  const schema = mode === 'create' ? resource.input : resource.input.partial();
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw validationFailed(zodErrorsByField(parsed.error));
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
}

/** One record with what `afterRead` adds. */
export async function readOne(deps: AppDeps, resource: AdminResource, id: number): Promise<adminResourceRepository.ResourceRecord | undefined> {
  const record = await adminResourceRepository.getResource(deps.db, resource.table, id);
  if (record) await resource.afterRead?.([record], deps);
  return record;
}

function splitVirtual(resource: AdminResource, data: Record<string, unknown>) {
  const stored: Record<string, unknown> = {};
  const virtual: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) (resource.virtual?.includes(key) ? virtual : stored)[key] = value;
  return { stored, virtual };
}

async function checkCrossField(deps: AppDeps, resource: AdminResource, data: Record<string, unknown>, existing: adminResourceRepository.ResourceRecord | undefined) {
  const errors = await resource.validate?.(data, existing, deps);
  if (errors && Object.keys(errors).length) throw validationFailed(errors);
}


/** Validates and stores a new record made by `auth`; returns it as read back. */
export async function createRecord(deps: AppDeps, auth: AuthState, resource: AdminResource, body: unknown): Promise<adminResourceRepository.ResourceRecord> {
  const data = parseWrite(resource, body, 'create');
  await resource.guardWrite?.(data, undefined, auth, deps);
  await checkCrossField(deps, resource, data, undefined);
  const { stored, virtual } = splitVirtual(resource, data);
  await checkReferencesAndUnique(deps, resource, stored);
  const prepared = resource.prepare ? await resource.prepare(stored, deps) : stored;
  const created = await adminResourceRepository.createResource(deps.db, resource.table, prepared);
  await resource.afterWrite?.(created, virtual, deps);
  return (await readOne(deps, resource, created.id))!;
}

/** Validates and applies a change `auth` makes to a record; 404 when it does not exist. */
export async function updateRecord(deps: AppDeps, auth: AuthState, resource: AdminResource, id: number, body: unknown): Promise<adminResourceRepository.ResourceRecord> {
  const data = parseWrite(resource, body, 'update');
  const existing = await adminResourceRepository.getResource(deps.db, resource.table, id);
  if (!existing) throw notFound();
  await resource.guardWrite?.(data, existing, auth, deps);
  await checkCrossField(deps, resource, data, existing);
  const { stored, virtual } = splitVirtual(resource, data);
  await checkReferencesAndUnique(deps, resource, stored, id);
  const prepared = resource.prepare ? await resource.prepare(stored, deps) : stored;
  const record = await adminResourceRepository.updateResource(deps.db, resource.table, id, prepared);
  if (!record) throw notFound();
  await resource.afterWrite?.(record, virtual, deps, existing);
  return (await readOne(deps, resource, id))!;
}

/** The filters a list of the resource accepts: its filterable columns and `q` when it is searchable. */
export function filterKeysOf(resource: AdminResource): string[] {
  return adminResourceRepository.allowedFilterKeys(resource.table);
}

/** One page of records with what `afterRead` adds, and how many match in all. */
export async function listRecords(deps: AppDeps, resource: AdminResource, query: adminResourceRepository.ListQuery): Promise<{ rows: adminResourceRepository.ResourceRecord[]; total: number }> {
  const { rows, total } = await adminResourceRepository.listResource(deps.db, resource.table, query);
  await resource.afterRead?.(rows, deps);
  return { rows, total };
}

/** Deletes a record unless the resource refuses (`guardDelete`); answers it as it was. */
export async function deleteRecord(deps: AppDeps, auth: AuthState, resource: AdminResource, id: number): Promise<adminResourceRepository.ResourceRecord> {
  const existing = await adminResourceRepository.getResource(deps.db, resource.table, id);
  if (!existing) throw notFound();
  const refusal = await resource.guardDelete?.(existing, auth, deps);
  if (refusal) throw new ValidationError(refusal);
  if (resource.remove) await resource.remove(existing, deps);
  else await adminResourceRepository.deleteResource(deps.db, resource.table, id);
  return existing;
}
