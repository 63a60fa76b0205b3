import { appendFile, mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@app/db';
import { loadSettings } from './settings.service.ts';

/** One file a day under STORAGE_PATH/logs; a file stops growing past this size (a loop of errors must not fill the disk). */
export const MAX_LOG_FILE_BYTES = 10 * 1024 * 1024;
const FILE_NAME = /^error-(\d{4}-\d{2}-\d{2})\.log$/;

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
  /** Where it came from: a request, or the process (an uncaught exception or rejection). */
  source: 'request' | 'process';
}

export interface ErrorLogFile {
  name: string;
  size: number;
  modified: string;
}

export const errorLogDir = (storagePath: string) => path.join(storagePath, 'logs');

/** Keeps the writes of one process in order and remembers when it last removed old files. */
let queue: Promise<void> = Promise.resolve();
let prunedOn = '';

/**
 * Appends an error to today's file, if the logging.errors setting allows it, and removes files
 * older than logging.retention_days once a day. Never throws: failing to log must not turn one
 * error into two.
 */
export function logError(storagePath: string, db: Db | undefined, error: unknown, context: Partial<Omit<ErrorLogEntry, 'time' | 'message' | 'stack' | 'name' | 'code'>> = {}): Promise<void> {
  const time = new Date().toISOString();
  const code = (error as { code?: unknown } | null)?.code;
  const entry: ErrorLogEntry = {
    time,
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Error ? { name: error.name, stack: error.stack } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    source: 'request',
    ...context,
  };
  queue = queue.then(async () => {
    try {
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
      const dir = errorLogDir(storagePath);
      await mkdir(dir, { recursive: true });
      const day = time.slice(0, 10);
      const file = path.join(dir, `error-${day}.log`);
      const size = await stat(file).then((s) => s.size).catch(() => 0);
      if (size < MAX_LOG_FILE_BYTES) await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
      if (prunedOn !== day) {
        prunedOn = day;
        await pruneErrorLogs(dir, retentionDays, new Date(time));
      }
    } catch (failure) {
      // The disk the log is on may be what failed (full, read-only): the error still reaches the admin, on stderr.
      console.error(`Could not write the error log (${failure instanceof Error ? failure.message : String(failure)}). The error was: ${JSON.stringify(entry)}`);
    }
  });
  return queue;
}

export async function pruneErrorLogs(dir: string, retentionDays: number, now: Date): Promise<void> {
  const oldest = new Date(now.getTime() - (retentionDays - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const day = FILE_NAME.exec(name)?.[1];
    if (day && day < oldest) await unlink(path.join(dir, name)).catch(() => undefined);
  }
}

/** The log files, newest first. */
export async function listErrorLogFiles(storagePath: string): Promise<ErrorLogFile[]> {
  const dir = errorLogDir(storagePath);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => FILE_NAME.test(name)).sort().reverse();
  const files: ErrorLogFile[] = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info) files.push({ name, size: info.size, modified: info.mtime.toISOString() });
  }
  return files;
}

/** Only names the logger itself writes can be read, so no path can leave the log folder. */
export function errorLogPath(storagePath: string, name: string): string | undefined {
  return FILE_NAME.test(name) ? path.join(errorLogDir(storagePath), name) : undefined;
}

/** Entries of one file, newest first, a page at a time; unreadable lines are shown as they are. */
export async function readErrorLog(storagePath: string, name: string, page: number, perPage: number): Promise<{ entries: ErrorLogEntry[]; total: number } | undefined> {
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
  return { entries, total: lines.length };
}
