import pg from 'pg';
import { copySqliteToPostgres, CopyError, TARGET_OWN_TABLES, type CopyProgress } from './copy.ts';
import { isPostgresUrl } from './dialect.ts';

/**
 * `pnpm bench --database postgres://…`: the bench's SQLite scale catalogue copied into the given
 * PostgreSQL database with db:copy, once per catalogue. The copy is marked in the database's
 * comment (`cadence-bench {"key":…}`, invisible to the app), so a later run with the same key
 * reuses it, and one with another key may empty it: the bench only ever empties a database that
 * holds nothing or its own earlier copy, never someone's site.
 */

const MARKER = 'cadence-bench ';

/** The value of `--database`: null for the bench's own SQLite file, else a postgres:// address. */
export function parseBenchDatabase(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!isPostgresUrl(value)) throw new CopyError(`--database takes a postgres:// address (without it the bench runs on SQLite), got "${value}".`);
  try {
    new URL(value);
  } catch {
    throw new CopyError('--database is not a valid postgres:// address.');
  }
  return value;
}

/** The address without its password, for the report. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

interface Marker {
  key: string;
  /** How long the copy took when it was made. */
  seconds: number;
}

async function readMarker(client: pg.Client): Promise<Marker | null> {
  const { rows } = await client.query<{ comment: string | null }>("select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()");
  const comment = rows[0]?.comment;
  if (!comment?.startsWith(MARKER)) return null;
  try {
    const marker = JSON.parse(comment.slice(MARKER.length)) as Marker;
    return typeof marker.key === 'string' ? marker : null;
  } catch {
    return null;
  }
}

async function writeMarker(client: pg.Client, marker: Marker) {
  const { rows } = await client.query<{ name: string }>('select current_database() as name');
  await client.query(`COMMENT ON DATABASE ${client.escapeIdentifier(rows[0].name)} IS ${client.escapeLiteral(MARKER + JSON.stringify(marker))}`);
}

/** The first few tables of the database that hold a row, whatever application they belong to. */
async function tablesHoldingData(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const holding: string[] = [];
  for (const { table_name: table } of rows) {
    // A fresh site's own rows (the migration log, the zero row counts) are not someone else's data.
    if (TARGET_OWN_TABLES.has(table)) continue;
    const found = await client.query(`select exists (select 1 from ${client.escapeIdentifier(table)}) as found`);
    if (found.rows[0].found) holding.push(table);
  }
  return holding;
}

export interface BenchCopyResult {
  reused: boolean;
  seconds: number;
}

/**
 * Makes `targetUrl` hold a copy of `sqliteFile` made for `key`: nothing to do when it already
 * does, a copy into a database that is empty or holds an earlier copy of the bench's, and a
 * refusal (CopyError, nothing touched) for a database that holds anything else.
 */
export async function copyForBench(sqliteFile: string, targetUrl: string, options: { key: string; onProgress?: (progress: CopyProgress) => void }): Promise<BenchCopyResult> {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  let marker: Marker | null;
  try {
    marker = await readMarker(client);
    if (marker?.key === options.key) return { reused: true, seconds: marker.seconds };
    if (!marker) {
      const holding = await tablesHoldingData(client);
      if (holding.length) {
        throw new CopyError(
          `${describeDatabase(targetUrl)} holds data that the bench did not put there (${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}). ` +
            'The bench empties the database it is given: give it an empty one of its own (createdb cadence_bench).',
        );
      }
    }
  } finally {
    await client.end();
  }
  const started = performance.now();
  // Emptying is safe only for the bench's own earlier copy, which the marker vouches for.
  await copySqliteToPostgres(sqliteFile, targetUrl, { force: marker !== null, onProgress: options.onProgress });
  const seconds = (performance.now() - started) / 1000;
  const after = new pg.Client({ connectionString: targetUrl });
  await after.connect();
  try {
    await writeMarker(after, { key: options.key, seconds });
  } finally {
    await after.end();
  }
  return { reused: false, seconds };
}
