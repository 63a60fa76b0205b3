import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../connection.ts';

/**
 * PostgreSQL's plan of a statement the app ran (as logged by `createDb`'s onQuery), with sorting
 * disabled: the planner then sorts only when no index gives the order asked for, so a `Sort` in the
 * plan means that order has no index. Tests only.
 */
export async function planWithoutSorting(db: Db, statement: string, parameters: readonly unknown[]): Promise<string> {
  return db.connection().execute(async (connection) => {
    await sql`SET enable_sort = off`.execute(connection);
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${statement}`, [...parameters]));
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`RESET enable_sort`.execute(connection);
    }
  });
}
