/** Constraint failures the API turns into a 422 instead of a 500, whichever query raised them. */
export function constraintViolation(error: unknown): 'unique' | 'foreign_key' | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') return 'unique';
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return 'foreign_key';
  return undefined;
}
