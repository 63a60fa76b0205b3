import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp, requestListener, type SiteHandler } from './app.ts';
import { loadConfig } from './config.ts';
import { configureLogging, logger } from './logging/logger.ts';
import { prepare } from './startup/prepare.ts';
import { logError } from './reports/error-log.service.ts';
import { startSchedule } from './system/schedule.service.ts';
import { flushPageViews } from './reports/page-views.service.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started = performance.now();
const config = loadConfig();
await configureLogging(config.logging);

/*
 * What this file prints with console.log is for the person starting the server, not the log: the
 * progress bar of the first start and the first admin's generated password (shown once).
 */

function progress(step: string, done: number, total: number) {
  if (!process.stdout.isTTY) {
    if (done === total) console.log(`${step}: done`);
    return;
  }
  const width = 24;
  const filled = Math.round((done / total) * width);
  process.stdout.write(`\r${step} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
}

const prepared = await prepare(config, progress);

const siteEntry = path.join(root, 'site/dist/server/entry.mjs');
const siteHandler = existsSync(siteEntry) ? ((await import(pathToFileURL(siteEntry).href)).handler as SiteHandler) : undefined;
if (!siteHandler) logger.warn('The site is not built (site/dist is missing): only the API is served. Run `pnpm build`.');
const adminDir = path.join(root, 'admin/dist');

const deps = { db: prepared.db, storage: prepared.storage, config };
const appOptions = {
  siteHandler,
  siteClientDir: siteHandler ? path.join(root, 'site/dist/client') : undefined,
  adminDir: existsSync(path.join(adminDir, 'index.html')) ? adminDir : undefined,
};
const app = createApp(deps, appOptions);

// Visitors who are not logged in get the page cache's hits before the app (app.ts, requestListener).
const server = createServer(requestListener(deps, appOptions, getRequestListener(app.fetch)));
server.listen(config.port, () => {
  if (prepared.generatedAdmin) {
    console.log('\nFirst admin account (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own):');
    console.log(`  email:    ${prepared.generatedAdmin.email}`);
    console.log(`  password: ${prepared.generatedAdmin.password}\n`);
  }
  logger.info(`Ready in ${Math.round(performance.now() - started)} ms at ${config.appUrl} (listening on port ${(server.address() as AddressInfo).port})`);
  // Said once, so that a log without request lines is not taken for a server that gets none.
  if (!config.logging.requests) logger.info('Requests are not logged one by one (LOG_REQUESTS=true logs them); failed ones are.');
});

const stopSchedule = startSchedule(prepared.db);

// Errors outside any request still reach the error log (Logs > Error). An uncaught exception leaves
// the process in an unknown state, so it exits once the entry is written; a rejection does not.
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'Uncaught exception');
  void logError(config, prepared.db, error, { source: 'process' }).finally(() => process.exit(1));
});
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'Unhandled rejection');
  void logError(config, prepared.db, reason, { source: 'process' });
});

function shutdown() {
  stopSchedule();
  server.close(() => {
    // Page views are written in batches: the last one goes in before the database closes.
    void flushPageViews(prepared.db)
      .catch((error) => logger.warn({ err: error }, 'Could not record page views'))
      .finally(() => prepared.db.destroy().finally(() => process.exit(0)));
  });
  // Open keep-alive connections must not hold the process forever.
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
