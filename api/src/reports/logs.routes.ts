import { readFile } from 'node:fs/promises';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { notFound, validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse } from '../http/schemas.ts';
import { errorLogPath, listErrorLogFiles, readErrorLog } from './error-log.service.ts';
import { scheduleStatus } from '../system/schedule.service.ts';

const tags = ['Logs'];

/** `error.2026-11-22.1.log` as pino-roll names the error log's files (`-09` after the date when hourly), or `error-2026-11-22.log` as earlier versions did. */
const LOG_FILE_NAME = /^error(\.\d{4}-\d{2}-\d{2}(-\d{2})?\.\d{1,9}|-\d{4}-\d{2}-\d{2})\.log$/;

const ErrorLogQuery = z.object({
  file: z
    .string()
    .regex(LOG_FILE_NAME, 'Choose one of the listed log files.')
    .optional()
    .openapi({ example: 'error.2026-11-22.1.log' }),
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1).max(100000).default(1),
  perPage: z.coerce.number({ error: 'perPage must be a number.' }).int().min(1).max(200).default(50),
});

const ErrorLogResponse = z
  .object({
    files: z.array(z.object({ name: z.string(), size: z.number(), modified: z.string() })),
    file: z.string().nullable(),
    entries: z.array(z.record(z.string(), z.unknown())),
    total: z.number(),
  })
  .openapi('ErrorLog');

const ScheduleResponse = z
  .object({
    jobs: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        every_minutes: z.number(),
        last_run: z.object({ status: z.string(), output: z.string().nullable(), duration_ms: z.number(), created_at: z.string() }).nullable(),
      }),
    ),
  })
  .openapi('Schedule');

/** Schedule and error logs (permission logs.view); the outgoing-email log is the outgoing-emails admin resource. */
export const logsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/logs/error',
      tags,
      summary: 'Error log files, and the entries of one (the newest file unless one is named), newest first; an error is written once a day, and its entry says how many times it happened that day (count, last_time)',
      middleware: [requirePermission('logs.view')] as const,
      request: { query: ErrorLogQuery },
      responses: { 200: jsonResponse(ErrorLogResponse, 'Files and entries'), ...errorResponses },
    }),
    async (c) => {
      const { storagePath } = c.get('deps').config;
      const { file, page, perPage } = c.req.valid('query');
      const files = await listErrorLogFiles(storagePath);
      const name = file ?? files[0]?.name;
      if (!name) return c.json({ files, file: null, entries: [], total: 0 }, 200);
      const log = await readErrorLog(storagePath, name, page, perPage, c.get('deps').db);
      if (!log) throw notFound('There is no log file with this name.');
      return c.json({ files, file: name, entries: log.entries as unknown as Record<string, unknown>[], total: log.total }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/logs/error/download-latest',
      tags,
      summary: 'The newest error log file, as a download',
      middleware: [requirePermission('logs.view')] as const,
      responses: { 200: { description: 'The log, one JSON object per line', content: { 'text/plain': { schema: z.string() } } }, ...errorResponses },
    }),
    async (c) => {
      const { storagePath } = c.get('deps').config;
      const [latest] = await listErrorLogFiles(storagePath);
      const file = latest && errorLogPath(storagePath, latest.name);
      const body = file ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
      if (!latest || !body) throw notFound('No errors have been logged.');
      return c.text(body, 200, {
        'Content-Disposition': `attachment; filename="${latest.name}"`,
        'Cache-Control': 'no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/logs/schedule',
      tags,
      summary: 'The periodic jobs of the server and how each last ran (every run is in the schedule-runs admin resource)',
      middleware: [requirePermission('logs.view')] as const,
      responses: { 200: jsonResponse(ScheduleResponse, 'Jobs'), ...errorResponses },
    }),
    async (c) => {
      return c.json({ jobs: await scheduleStatus(c.get('deps').db) }, 200);
    },
  );
