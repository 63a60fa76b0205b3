import { parseArgs } from 'node:util';
import { copySqliteToPostgres, CopyError, sqlitePathFromUrl, type CopyProgress } from '@app/db';
import { loadConfig } from '../config.ts';
import { BackupError, createBackup, restoreBackup } from '../system/backup.service.ts';
import { APP_VERSION } from '../version.ts';

/**
 * The command line of an install: `cadence` (or `cadence start`) serves the site, `cadence backup
 * <file>` and `cadence restore <file>` save and bring back the database and the storage folder,
 * `cadence db:copy --to postgres://…` moves the SQLite database to PostgreSQL. It is the single
 * executable's entry (scripts/build-binary.ts) and, run with Node, `pnpm backup`, `pnpm restore`
 * and `pnpm db:copy`. Every command reads the same environment as `pnpm start` (STORAGE_PATH,
 * DATABASE_URL, …).
 */
const USAGE = `Usage:
  cadence [start]                  serve the site (PORT, APP_URL, STORAGE_PATH as for pnpm start)
  cadence backup <file.tar.gz>     back up the database and the storage folder, while the site runs
  cadence restore <file.tar.gz> [--force]
                                   restore a backup into STORAGE_PATH (an empty folder unless --force)
  cadence db:copy --to <postgres://…> [--from <file.sqlite>] [--force]
                                   copy the SQLite database (DATABASE_URL unless --from) to PostgreSQL
                                   (an empty database unless --force, which empties it)
  cadence --version`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean' }, to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
    });
  } catch (error) {
    // An unknown option: say which, and how the commands are written, without a stack trace.
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

const { values, positionals } = readArguments();
const [command = 'start', file, ...extra] = positionals;

if (values.help) {
  console.log(USAGE);
} else if (values.version) {
  console.log(APP_VERSION);
} else if (command === 'start' && !file) {
  // As `pnpm start`: production paths unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  await import('../server.ts');
} else if ((command === 'backup' || command === 'restore') && file && !extra.length) {
  const config = loadConfig();
  try {
    if (command === 'backup') {
      const manifest = await createBackup(config, file);
      console.log(`Backed up ${config.storagePath} (schema ${manifest.migration ?? 'empty'}) to ${file}`);
    } else {
      const manifest = await restoreBackup(config, file, { force: values.force });
      console.log(`Restored the backup of ${manifest.createdAt} (version ${manifest.version}) into ${config.storagePath}`);
    }
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
} else if (command === 'db:copy' && !file && values.to) {
  const from = values.from ?? loadConfig().databaseUrl;
  try {
    const source = sqlitePathFromUrl(from);
    console.log(`Copying ${source} to PostgreSQL`);
    const result = await copySqliteToPostgres(source, values.to, { force: values.force, onProgress: progressLine() });
    const width = Math.max(...result.tables.map((t) => t.table.length), 5);
    console.log(`\n${'table'.padEnd(width)}  ${'SQLite'.padStart(10)}  ${'PostgreSQL'.padStart(10)}`);
    for (const t of result.tables) console.log(`${t.table.padEnd(width)}  ${String(t.source).padStart(10)}  ${String(t.target).padStart(10)}`);
    console.log(`\nEvery row count matches. Not copied (the target builds them itself): ${result.skipped.join(', ')} and the search indexes' own tables.`);
    console.log('Point DATABASE_URL at the PostgreSQL address and start the site.');
  } catch (error) {
    // A refused target, an older schema, a server that cannot be reached: the reason, not a stack trace.
    fail(error instanceof CopyError ? error.message : `The copy stopped; no row of it was kept: ${(error as Error).message}`);
  }
} else {
  fail(USAGE);
}

/** Rows per table and a percentage of the whole copy: one line kept up to date on a terminal, a line per table (and per 100 000 rows) in a log. */
function progressLine() {
  let logged = 0;
  return ({ table, copied, total, copiedAll, totalAll }: CopyProgress) => {
    const percent = Math.floor((copiedAll / Math.max(1, totalAll)) * 100);
    const line = `${table}: ${copied.toLocaleString('en')} of ${total.toLocaleString('en')} rows, ${percent}% of all`;
    if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K${line}${copied === total && total > 0 ? '\n' : ''}`);
    else if ((copied === total && total > 0) || copiedAll - logged >= 100_000) {
      console.log(line);
      logged = copiedAll;
    }
  };
}
