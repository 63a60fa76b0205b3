import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { LATEST_MIGRATION } from './backup.ts';
import { createDb, migrateToLatest } from './connection.ts';
import { isPostgresUrl } from './dialect.ts';

/**
 * `pnpm db:copy`: moves a site from its SQLite file to PostgreSQL. The target is migrated by this
 * release, then every table is copied in foreign-key order, a batch at a time (a million tracks
 * never sit in memory at once), inside one PostgreSQL transaction: a copy that fails leaves the
 * target as empty as it found it. The source is read in one read transaction, so a site still
 * running beside it is seen at one moment (WAL readers do not block its writer, nor it them).
 */

export class CopyError extends Error {}

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
  /** Rows copied over every table so far, and in all: for a percentage of the whole copy. */
  copiedAll: number;
  totalAll: number;
}

export interface CopyOptions {
  /** Empty a target that already holds data instead of refusing it. */
  force?: boolean;
  /** Rows per INSERT (fewer when a table's columns would exceed PostgreSQL's 65535 parameters). */
  batchRows?: number;
  onProgress?: (progress: CopyProgress) => void;
}

export interface CopyResult {
  /** Every copied table with its row count on each side, in the order copied. */
  tables: { table: string; source: number; target: number }[];
  /** Tables the target builds itself: SQLite's search indexes (with their shadow tables), the page cache, the migration log. */
  skipped: string[];
}

/**
 * Not copied: the migration log (the target's own migration wrote it), the page cache (pages are
 * rendered again; its generation is the target's own), the row counts (the target's triggers
 * count the rows as they are copied), the table versions (the target's statement triggers raise
 * them once per batch copied), and FTS5 tables with their shadow tables,
 * which PostgreSQL replaces by GIN indexes on the base columns, kept up to date by PostgreSQL.
 */
export const TARGET_OWN_TABLES: ReadonlySet<string> = new Set(['kysely_migration', 'kysely_migration_lock', 'page_cache', 'page_cache_state', 'row_counts', 'table_versions']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** PostgreSQL takes at most 65535 parameters in one statement. */
const MAX_PARAMETERS = 65_535;

interface SourceTable {
  name: string;
  columns: string[];
  rowid: boolean;
  references: string[];
}

function readSourceTables(source: SqliteDatabase.Database): { copied: SourceTable[]; skipped: string[] } {
  const tables = source.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name").all() as { name: string; sql: string }[];
  const virtual = tables.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name);
  const derived = (name: string) => TARGET_OWN_TABLES.has(name) || virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const copied = tables
    .filter((t) => !derived(t.name))
    .map((t) => ({
      name: t.name,
      columns: (source.prepare('select name from pragma_table_info(?) order by cid').all(t.name) as { name: string }[]).map((c) => c.name),
      rowid: !/\)\s*without\s+rowid\s*;?\s*$/i.test(t.sql),
      references: [...new Set((source.prepare('select "table" from pragma_foreign_key_list(?)').all(t.name) as { table: string }[]).map((r) => r.table))].filter((r) => r !== t.name),
    }));
  // A search index's shadow tables (tracks_fts_data, …) go without saying once the index is named.
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
  return { copied: inForeignKeyOrder(copied), skipped: tables.filter((t) => derived(t.name) && !shadow(t.name)).map((t) => t.name) };
}

/** Referenced tables first, so every foreign key finds its row (a row referring to its own table comes after it, in id order). */
function inForeignKeyOrder(tables: SourceTable[]): SourceTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: SourceTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: SourceTable) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') throw new CopyError(`The foreign keys of ${table.name} form a cycle; it cannot be copied in order.`);
    state.set(table.name, 'visiting');
    for (const name of table.references) {
      const referenced = byName.get(name);
      if (referenced) visit(referenced);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

function sourceMigration(source: SqliteDatabase.Database): string | null {
  if (!source.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get()) return null;
  return (source.prepare('select max(name) as name from kysely_migration').get() as { name: string | null }).name;
}

export async function copySqliteToPostgres(sourceFile: string, targetUrl: string, options: CopyOptions = {}): Promise<CopyResult> {
  if (!isPostgresUrl(targetUrl)) throw new CopyError('--to must be a postgres:// address.');
  if (!existsSync(sourceFile)) throw new CopyError(`There is no database at ${sourceFile}.`);
  const source = new SqliteDatabase(sourceFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    const migration = sourceMigration(source);
    // Both sides must have the same columns; the site's own start migrates its file.
    if (migration !== LATEST_MIGRATION) {
      throw new CopyError(
        `${sourceFile} is at schema ${migration ?? 'none'}, this release at ${LATEST_MIGRATION}. ` +
          'Start this release on the SQLite file once (it migrates at start), then copy.',
      );
    }
    const target = createDb(targetUrl);
    try {
      await migrateToLatest(target);
    } finally {
      await target.destroy();
    }
    const { default: driver } = await import('pg');
    const client = new driver.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      return await copyInto(source, client, options);
    } finally {
      await client.end();
    }
  } finally {
    source.close();
  }
}

async function copyInto(source: SqliteDatabase.Database, client: pg.Client, options: CopyOptions): Promise<CopyResult> {
  // One moment of the source for every table: the snapshot starts with the first read.
  source.exec('BEGIN');
  try {
    const { copied, skipped } = readSourceTables(source);
    const targetColumns = await readTargetColumns(client);

    for (const table of copied) {
      const columns = targetColumns.get(table.name);
      if (!columns) throw new CopyError(`The target has no table ${table.name}; is it migrated by another release?`);
      const missing = table.columns.filter((c) => !columns.has(c));
      if (missing.length) throw new CopyError(`The target's ${table.name} has no column ${missing.join(', ')}.`);
    }

    const holding: string[] = [];
    for (const table of copied) {
      const { rows } = await client.query(`select exists (select 1 from ${quote(table.name)}) as found`);
      if (rows[0].found) holding.push(table.name);
    }
    if (holding.length && !options.force) {
      throw new CopyError(`The target already holds data (${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}). Add --force to empty it and copy anyway.`);
    }

    const totals = copied.map((table) => (source.prepare(`select count(*) as n from ${quote(table.name)}`).get() as { n: number }).n);
    const totalAll = totals.reduce((a, b) => a + b, 0);
    let copiedAll = 0;

    await client.query('BEGIN');
    try {
      // Cached pages would show the old content of an emptied target.
      await client.query(`TRUNCATE ${[...copied.map((t) => t.name), 'page_cache'].map(quote).join(', ')} RESTART IDENTITY CASCADE`);
      // Counted once at the end, not per row: every row's trigger would update the same row_counts row,
      // and in one transaction each update leaves a version the next ones step over (10% of a million
      // tracks took ten minutes). The table's lock from TRUNCATE keeps other writers out meanwhile.
      const counted = (await client.query<{ table_name: string }>('SELECT table_name FROM row_counts')).rows.map((row) => row.table_name);
      for (const table of counted) await client.query(`ALTER TABLE ${quote(table)} DISABLE TRIGGER ${quote(`${table}_row_count`)}`);
      for (const [index, table] of copied.entries()) {
        const total = totals[index];
        const types = table.columns.map((c) => targetColumns.get(table.name)!.get(c)!);
        const batchRows = Math.max(1, Math.min(options.batchRows ?? 1000, Math.floor(MAX_PARAMETERS / table.columns.length)));
        const select = source.prepare(`select ${table.columns.map(quote).join(', ')} from ${quote(table.name)}${table.rowid ? ' order by rowid' : ''}`).raw(true);
        const insert = (rows: unknown[][]) => {
          const values: unknown[] = [];
          const tuples = rows.map((row) => `(${row.map((value, i) => `$${values.push(toPostgres(value, types[i]))}`).join(', ')})`);
          // A value PostgreSQL refuses (text with a NUL character) is named by its table, so it can be found and fixed.
          return client.query(`INSERT INTO ${quote(table.name)} (${table.columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')}`, values).catch((error: Error) => {
            throw new CopyError(`PostgreSQL refused a row of ${table.name}: ${error.message}. Nothing was kept.`);
          });
        };
        let copiedRows = 0;
        options.onProgress?.({ table: table.name, copied: 0, total, copiedAll, totalAll });
        let batch: unknown[][] = [];
        // The statement's cursor stays open between batches: memory holds one batch, whatever the table's size.
        for (const row of select.iterate() as IterableIterator<unknown[]>) {
          batch.push(row);
          if (batch.length < batchRows) continue;
          await insert(batch);
          copiedRows += batch.length;
          copiedAll += batch.length;
          batch = [];
          options.onProgress?.({ table: table.name, copied: copiedRows, total, copiedAll, totalAll });
        }
        if (batch.length) {
          await insert(batch);
          copiedRows += batch.length;
          copiedAll += batch.length;
          options.onProgress?.({ table: table.name, copied: copiedRows, total, copiedAll, totalAll });
        }
      }

      await resetIdentities(client, new Set(copied.map((t) => t.name)));

      const tables: CopyResult['tables'] = [];
      for (const [index, table] of copied.entries()) {
        const { rows } = await client.query(`select count(*) as n from ${quote(table.name)}`);
        tables.push({ table: table.name, source: totals[index], target: Number(rows[0].n) });
      }
      const different = tables.filter((t) => t.source !== t.target);
      if (different.length) throw new CopyError(`Row counts differ after the copy (${different.map((t) => `${t.table}: ${t.source} → ${t.target}`).join(', ')}); nothing was kept.`);
      for (const table of counted) {
        await client.query(`UPDATE row_counts SET count = (SELECT count(*) FROM ${quote(table)}) WHERE table_name = $1`, [table]);
        await client.query(`ALTER TABLE ${quote(table)} ENABLE TRIGGER ${quote(`${table}_row_count`)}`);
      }
      await client.query('COMMIT');
      // Fresh statistics, so the planner knows the tables are no longer empty.
      await client.query('ANALYZE');
      return { tables, skipped };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    source.exec('COMMIT');
  }
}

async function readTargetColumns(client: pg.Client): Promise<Map<string, Map<string, string>>> {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `select c.table_name, c.column_name, c.data_type from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'`,
  );
  const tables = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map());
    tables.get(row.table_name)!.set(row.column_name, row.data_type);
  }
  return tables;
}

/** SQLite keeps booleans as 0/1 and blobs as bytes; pg sends a Buffer as bytea and the rest as they are. */
function toPostgres(value: unknown, type: string): unknown {
  if (type === 'boolean' && typeof value === 'number') return value !== 0;
  return value;
}

/**
 * Rows were inserted with their ids, which leaves an identity's sequence where it was: the next
 * insert would take id 1 again. Each starts after the highest copied id.
 */
async function resetIdentities(client: pg.Client, tables: Set<string>) {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`,
  );
  for (const { table_name: table, column_name: column } of rows.filter((r) => tables.has(r.table_name))) {
    await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column)}), 0) + 1, false) from ${quote(table)}`, [quote(table), column]);
  }
}
