/** Constraint failures the API turns into a 422 instead of a 500, whichever query raised them. */
export function constraintViolation(error: unknown): 'unique' | 'foreign_key' | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') return 'unique';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return 'foreign_key';
  return undefined;
}

/**
 * Text the database cannot hold: PostgreSQL refuses the NUL character in text (22021), which
 * SQLite stores; the API answers 422, as for any other unacceptable value.
 */
export function unstorableText(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '22021';
}

/**
 * Writes the database could not do because its disk is full, or because it cannot be written at
 * all (a read-only file or disk, or a write the disk failed): the API answers 507, not 500.
 * SQLite's codes, and PostgreSQL's disk_full (53100) and read_only_sql_transaction (25006).
 */
export function databaseStorageFailure(error: unknown): 'full' | 'unwritable' | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code === 'SQLITE_FULL' || code === '53100') return 'full';
  if (code.startsWith('SQLITE_READONLY') || code === '25006') return 'unwritable';
  // Reads failing are not a question of room; these are the writes (and fsyncs) of a disk that refused them.
  if (/^SQLITE_IOERR_(WRITE|FSYNC|DIR_FSYNC|TRUNCATE|SHMSIZE|SHMOPEN|SHMMAP|DELETE|DIR_CLOSE)$/.test(code)) return 'unwritable';
  return undefined;
}

/** A sort, filter or search name that is not on a resource's lists: the caller's mistake, answered as such. */
export class NotWhitelistedError extends Error {}

export function isNotWhitelistedError(error: unknown): error is Error {
  return error instanceof NotWhitelistedError;
}
