/// <reference path="./pino-roll.d.ts" />
import path from 'node:path';
import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger, type LoggerOptions, type StreamEntry } from 'pino';
import type { RollingFile } from 'pino-roll';
import { LOG_LEVELS, type Config } from '../config.ts';

export type LogConfig = Config['logging'];
export type LogLevel = LogConfig['level'];
export type { Logger, RollingFile };

/** Every entry of every log: an ISO time, no pid or host name (one process, and they say nothing to an admin). */
export const BASE_OPTIONS: LoggerOptions = {
  base: null,
  timestamp: pino.stdTimeFunctions.isoTime,
  serializers: { err: pino.stdSerializers.err },
};

const envLevel = process.env.LOG_LEVEL as LogLevel | undefined;

/**
 * The process log: what happens in the server (requests, failures, jobs), for whoever runs it. A
 * live binding: `configureLogging` replaces it once the configuration is read, and every module
 * that imported it logs through the new one. Until then it writes JSON to stdout.
 */
export let logger: Logger = pino({ ...BASE_OPTIONS, level: envLevel && LOG_LEVELS.includes(envLevel) ? envLevel : 'info' }, pino.destination({ dest: 1, sync: true }));

/** Replaces the process log (tests capture it this way); answers the one it replaced. */
export function useLogger(next: Logger): Logger {
  const previous = logger;
  logger = next;
  return previous;
}

/** Date in rotated file names: `name.2026-01-14.1.log`, or `name.2026-01-14-09.1.log` hourly. */
export const rotationDateFormat = (frequency: LogConfig['rotateFrequency']) => (frequency === 'hourly' ? 'yyyy-MM-dd-HH' : 'yyyy-MM-dd');

/**
 * A log file that rotates at the configured frequency and size (pino-roll), numbered within its
 * period, keeping `rotateFiles` files besides the current one. `base` is the path without date,
 * number and extension.
 */
export async function rollingFile(base: string, config: Pick<LogConfig, 'rotateFrequency' | 'rotateSize' | 'rotateFiles'>, options: { sync?: boolean } = {}): Promise<RollingFile> {
  // Loaded with the first log file, not at start: with its date library it is some 300 modules.
  const { default: pinoRoll } = await import('pino-roll');
  return pinoRoll({
    file: base,
    extension: '.log',
    frequency: config.rotateFrequency,
    dateFormat: rotationDateFormat(config.rotateFrequency),
    size: config.rotateSize,
    limit: { count: config.rotateFiles, removeOtherLogFiles: true },
    mkdir: true,
    sync: options.sync ?? false,
  });
}

/**
 * Sets up the process log from the configuration: stdout as JSON or pretty lines, and the rotated
 * LOG_FILE if one is set. A log file that cannot be written is said once on stderr; the server goes on.
 */
export async function configureLogging(config: LogConfig, stdout: NodeJS.WritableStream = process.stdout): Promise<Logger> {
  const pretty = config.format === 'pretty' || (config.format === undefined && Boolean((stdout as { isTTY?: boolean }).isTTY));
  const streams: StreamEntry[] = [
    {
      level: 'trace',
      stream: pretty
        ? (await import('pino-pretty')).default({
            destination: stdout,
            colorize: Boolean((stdout as { isTTY?: boolean }).isTTY),
            translateTime: 'SYS:HH:MM:ss.l',
            // A request on one line: "GET /api/v1/genres 200 3.1 ms [id] request".
            messageFormat: '{if method}{method} {path} {end}{if status}{status} {end}{if duration_ms}{duration_ms} ms {end}{if req_id}[{req_id}] {end}{msg}',
            ignore: 'pid,hostname,method,path,status,duration_ms,req_id',
            sync: true,
          })
        : stdout === process.stdout
          ? // Written in the background: lines that come while one write is under way go out together
            // in the next, where a write per line cost a busy server a tenth of its time. pino writes
            // what is left when the process exits.
            pino.destination({ dest: 1, sync: false })
          : (stdout as DestinationStream),
    },
  ];
  if (config.file) {
    const file = await rollingFile(config.file.replace(/\.log$/, ''), config, { sync: true });
    let reported = false;
    file.on('error', (error: Error) => {
      if (!reported) process.stderr.write(`Could not write the log file ${path.basename(config.file!)}: ${error.message}\n`);
      reported = true;
    });
    streams.push({ level: 'trace', stream: file });
  }
  useLogger(pino({ ...BASE_OPTIONS, level: config.level }, pino.multistream(streams)));
  return logger;
}

/** A process log kept in memory, for tests: every line as parsed JSON. */
export function memoryLogger(level: LogLevel = 'trace'): { logger: Logger; entries: Record<string, unknown>[] } {
  const entries: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) entries.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ ...BASE_OPTIONS, level }, sink), entries };
}
