import { createHash } from 'node:crypto';
import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@app/db';
import * as errorLogRepository from '@app/db/reports/error-log';
import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';
import { BASE_OPTIONS, logger, rollingFile, type RollingFile } from '../logging/logger.ts';
import { loadSettings } from '../settings/settings.service.ts';

/**
 * The error log's files under STORAGE_PATH/logs, one JSON object a line: `error.2026-01-14.1.log`,
 * rotated by pino-roll at LOG_ROTATE_FREQUENCY and LOG_ROTATE_SIZE (`error.2026-01-14-09.1.log`
 * hourly), and `error-2026-01-14.log` as versions before it wrote them, still shown and pruned.
 */
const FILE_NAME = /^error(?:\.(\d{4}-\d{2}-\d{2})(?:-(\d{2}))?\.(\d+)|-(\d{4}-\d{2}-\d{2}))\.log$/;

/** Day, hour and number of a log file, for ordering; undefined for a name the log does not write. */
function fileKey(name: string): { day: string; order: string } | undefined {
  const match = FILE_NAME.exec(name);
  if (!match) return undefined;
  const day = match[1] ?? match[4];
  return { day, order: `${day}-${match[2] ?? '00'}-${(match[3] ?? '0').padStart(10, '0')}` };
}

export interface ErrorLogEntry {
  time: string;
  message: string;
  name?: string;
  /** The system's or the database's code (ENOSPC, SQLITE_FULL, …), when the error has one. */
  code?: string;
  stack?: string;
  method?: string;
  path?: string;
  status?: number;
  user_id?: number | null;
  /** The request's id, as in its line of the process log and its X-Request-Id header. */
  request_id?: string;
  /** Where it came from: a request, or the process (an uncaught exception or rejection). */
  source: 'request' | 'process';
  /** Names the error, whatever request met it: the same error is written once a day, then counted. */
  fingerprint?: string;
  /** When read: how many times it happened that day (once written, later times counted), and the latest. */
  count?: number;
  last_time?: string;
}

export interface ErrorLogFile {
  name: string;
  size: number;
  modified: string;
}

export const errorLogDir = (storagePath: string) => path.join(storagePath, 'logs');

type ErrorLogConfig = Pick<Config, 'storagePath' | 'logging'>;

/** One writer per log folder (tests run several servers in one process), opened at the first error. */
const writers = new Map<string, Promise<{ log: Logger; file: RollingFile }>>();

function errorWriter(config: ErrorLogConfig) {
  const dir = errorLogDir(config.storagePath);
  let writer = writers.get(dir);
  if (!writer) {
    writer = (async () => {
      // Synchronous writes: a failed one is known before logError returns, and nothing waits in memory.
      const file = await rollingFile(path.join(dir, 'error'), config.logging, { sync: true });
      // Rotation fails on its own time (a full disk at midnight): the next error opens the log again.
      file.on('error', () => dropWriter(dir));
      // The entry's fields as the screen read them before pino wrote the file, and the level by name.
      const log = pino({ ...BASE_OPTIONS, messageKey: 'message', formatters: { level: (label) => ({ level: label }) } }, file);
      return { log, file };
    })();
    writers.set(dir, writer);
    writer.catch(() => dropWriter(dir));
  }
  return writer;
}

function dropWriter(dir: string) {
  const writer = writers.get(dir);
  writers.delete(dir);
  void writer?.then(({ file }) => file.destroy()).catch(() => undefined);
}

/** Keeps the writes of one process in order and remembers when it last removed old files. */
let queue: Promise<void> = Promise.resolve();
let prunedOn = '';

/**
 * The same error: its kind, code, message, status and where in the code it was thrown (the
 * stack), not the request that met it (address, user, request id), so an error that every visit
 * of some address meets is one error however the address is written.
 */
function errorFingerprint(entry: Pick<ErrorLogEntry, 'source' | 'name' | 'code' | 'message' | 'status' | 'stack'>): string {
  const identity = [entry.source, entry.name ?? null, entry.code ?? null, entry.message, entry.status ?? null, entry.stack ? placeInCode(entry.stack) : null];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
}

/**
 * The frames of a stack that say where the error was thrown. Node's own frames come and go with
 * timing (processTicksAndRejections), as does "async" before a frame whose promise had already
 * settled, so they are left out; the first frames are enough to tell one place from another.
 */
function placeInCode(stack: string): string[] {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !/node:internal|processTicksAndRejections/.test(line))
    .map((line) => line.trim().replace(/^at async /, 'at '))
    .slice(0, 8);
}

/**
 * Writes an error to the error log, if the logging.errors setting allows it, and removes files
 * older than logging.retention_days once a day. An error already written that day is counted in
 * the database instead of written again (without a database, or when it fails, it is written).
 * Never throws: failing to log must not turn one error into two.
 */
export function logError(config: ErrorLogConfig, db: Db | undefined, error: unknown, context: Partial<Omit<ErrorLogEntry, 'time' | 'message' | 'stack' | 'name' | 'code' | 'fingerprint' | 'count' | 'last_time'>> = {}): Promise<void> {
  const time = new Date().toISOString();
  const code = (error as { code?: unknown } | null)?.code;
  const described: Omit<ErrorLogEntry, 'time' | 'fingerprint'> = {
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Error ? { name: error.name, stack: error.stack } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    source: 'request',
    ...context,
  };
  const fingerprint = errorFingerprint(described);
  const entry: Omit<ErrorLogEntry, 'time'> = { ...described, fingerprint };
  queue = queue.then(async () => {
    let enabled = true;
    let retentionDays = 14;
    if (db) {
      // The database may be what failed; the defaults apply then.
      const settings = await loadSettings(db).catch(() => undefined);
      if (settings) {
        enabled = settings['logging.errors'];
        retentionDays = settings['logging.retention_days'];
      }
    }
    if (!enabled) return;
    const dir = errorLogDir(config.storagePath);
    const day = localDay(new Date(time));
    const times = db ? await errorLogRepository.countErrorRepeat(db, fingerprint, day, time).catch(() => undefined) : undefined;
    if (times !== undefined && times > 1) return;
    try {
      const { log, file } = await errorWriter(config);
      let failure: unknown;
      const failed = (reason: unknown) => void (failure ??= reason);
      file.on('error', failed);
      try {
        const { message, ...fields } = entry;
        log.error(fields, message);
      } finally {
        file.off('error', failed);
      }
      if (failure) throw failure;
      if (prunedOn !== day) {
        prunedOn = day;
        const oldest = oldestKeptDay(retentionDays, new Date(time));
        await pruneErrorLogs(dir, retentionDays, new Date(time));
        if (db) await errorLogRepository.removeErrorRepeatsBefore(db, oldest).catch(() => undefined);
      }
    } catch (failure) {
      dropWriter(dir);
      // Not in the log after all: the next time it happens is the first again.
      if (db && times === 1) await errorLogRepository.forgetErrorRepeat(db, fingerprint, day).catch(() => undefined);
      // The disk the log is on may be what failed (full, read-only): the error still reaches the admin, in the process log.
      logger.error({ reason: failure instanceof Error ? failure.message : String(failure), entry: { time, ...entry } }, 'Could not write the error log');
    }
  });
  return queue;
}

/** The day in the server's time zone, as pino-roll dates its files. */
const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The first day whose files are kept. */
const oldestKeptDay = (retentionDays: number, now: Date) => localDay(new Date(now.getTime() - (retentionDays - 1) * 24 * 60 * 60 * 1000));

export async function pruneErrorLogs(dir: string, retentionDays: number, now: Date): Promise<void> {
  const oldest = oldestKeptDay(retentionDays, now);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const day = fileKey(name)?.day;
    if (day && day < oldest) await unlink(path.join(dir, name)).catch(() => undefined);
  }
}

/** The log files, newest first. */
export async function listErrorLogFiles(storagePath: string): Promise<ErrorLogFile[]> {
  const dir = errorLogDir(storagePath);
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => FILE_NAME.test(name))
    .sort((a, b) => fileKey(b)!.order.localeCompare(fileKey(a)!.order));
  const files: ErrorLogFile[] = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    // The logger opens the next file as soon as it rotates; until an error lands there it holds nothing to show.
    if (info && info.size > 0) files.push({ name, size: info.size, modified: info.mtime.toISOString() });
  }
  return files;
}

/** Only names the logger itself writes can be read, so no path can leave the log folder. */
export function errorLogPath(storagePath: string, name: string): string | undefined {
  return FILE_NAME.test(name) ? path.join(errorLogDir(storagePath), name) : undefined;
}

/**
 * Entries of one file, newest first, a page at a time; unreadable lines are shown as they are.
 * With the database, each entry says how many times it happened that day.
 */
export async function readErrorLog(storagePath: string, name: string, page: number, perPage: number, db?: Db): Promise<{ entries: ErrorLogEntry[]; total: number } | undefined> {
  const file = errorLogPath(storagePath, name);
  if (!file) return undefined;
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const lines = text.split('\n').filter(Boolean).reverse();
  const entries = lines.slice((page - 1) * perPage, page * perPage).map((line): ErrorLogEntry => {
    try {
      return JSON.parse(line) as ErrorLogEntry;
    } catch {
      return { time: '', message: line, source: 'process' };
    }
  });
  return { entries: db ? await withRepeats(db, entries) : entries, total: lines.length };
}

/** Entries with their counts of the day (an entry of earlier versions, or not counted, has none). */
async function withRepeats(db: Db, entries: ErrorLogEntry[]): Promise<ErrorLogEntry[]> {
  const dayOf = (entry: ErrorLogEntry) => (Number.isNaN(Date.parse(entry.time)) ? undefined : localDay(new Date(entry.time)));
  const keys = entries.flatMap((entry) => {
    const day = dayOf(entry);
    return typeof entry.fingerprint === 'string' && day ? [{ fingerprint: entry.fingerprint, day }] : [];
  });
  const repeats = new Map((await errorLogRepository.findErrorRepeats(db, keys)).map((repeat) => [`${repeat.fingerprint} ${repeat.day}`, repeat]));
  return entries.map((entry) => {
    const repeat = repeats.get(`${entry.fingerprint} ${dayOf(entry)}`);
    return repeat ? { ...entry, count: repeat.count, last_time: repeat.last_at } : entry;
  });
}
