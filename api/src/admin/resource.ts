import type * as adminResourceRepository from '@app/db/admin/admin-resource';
import type { z } from 'zod';
import type { AppDeps, AuthState } from '../context.ts';

/**
 * One back-office resource: its table, what may be read, written, searched, sorted and filtered,
 * who may do it, and the shape of valid input. The generic routes do the rest.
 */
export interface AdminResource {
  /** URL segment under /api/admin, identical to the back office's route. */
  name: string;
  label: string;
  table: adminResourceRepository.ResourceTable;
  /** The user needs at least one of these to read, and one of `write` to change anything. */
  permissions: { read: string[]; write: string[] };
  /** Strict schema of a new record; updates accept any subset of it. */
  input: z.ZodObject;
  /** Columns and relations whose values must name an existing row. */
  references?: Record<string, adminResourceRepository.ResourceTable['table']>;
  /** Columns whose value must be unique, checked before writing to give a field error. */
  unique?: string[];
  /** Turns validated input into what is stored (for example, hashing a password). */
  prepare?(data: Record<string, unknown>, deps: AppDeps): Promise<Record<string, unknown>>;
  /**
   * Refuses a write the user may not make although they may change the resource (giving a role
   * with more than they hold, changing someone who holds more): throws the error to answer.
   * `existing` is the record before an update, undefined on create.
   */
  guardWrite?(data: Record<string, unknown>, existing: adminResourceRepository.ResourceRecord | undefined, auth: AuthState, deps: AppDeps): Promise<void>;
  /** Refuses a deletion with a message, for example deleting yourself or the guest role. */
  guardDelete?(record: adminResourceRepository.ResourceRecord, auth: AuthState, deps: AppDeps): string | undefined | Promise<string | undefined>;
  /** Writes the back office may make; all three when left out. Others answer 405. */
  operations?: ('create' | 'update' | 'delete')[];
  /** Input fields that are not columns: kept out of the row and handed to `afterWrite`. */
  virtual?: string[];
  /** Rules across fields or against the stored record; returns errors by field. */
  validate?(data: Record<string, unknown>, existing: adminResourceRepository.ResourceRecord | undefined, deps: AppDeps): Promise<Record<string, string> | undefined>;
  /** Adds what is not a column (for example a channel's ordered items) to records read. */
  afterRead?(records: adminResourceRepository.ResourceRecord[], deps: AppDeps): Promise<void>;
  /** Stores the virtual fields of a write once the row exists; `previous` is the row before an update. */
  afterWrite?(record: adminResourceRepository.ResourceRecord, virtual: Record<string, unknown>, deps: AppDeps, previous?: adminResourceRepository.ResourceRecord): Promise<void>;
  /** Replaces the plain row deletion for records that own more than a row (a file entry's stored bytes). */
  remove?(record: adminResourceRepository.ResourceRecord, deps: AppDeps): Promise<void>;
}
