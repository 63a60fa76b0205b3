import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, createBackup, restoreBackup } from '../services/backup.service.ts';
import { APP_VERSION } from '../version.ts';

/**
 * The command line of an install: `cadence` (or `cadence start`) serves the site, `cadence backup
 * <file>` and `cadence restore <file>` save and bring back the database and the storage folder.
 * It is the single executable's entry (scripts/build-binary.ts) and, run with Node, `pnpm backup`
 * and `pnpm restore`. Every command reads the same environment as `pnpm start` (STORAGE_PATH,
 * DATABASE_URL, …).
 */
const USAGE = `Usage:
  cadence [start]                  serve the site (PORT, APP_URL, STORAGE_PATH as for pnpm start)
  cadence backup <file.tar.gz>     back up the database and the storage folder, while the site runs
  cadence restore <file.tar.gz> [--force]
                                   restore a backup into STORAGE_PATH (an empty folder unless --force)
  cadence --version`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
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
} else {
  fail(USAGE);
}
