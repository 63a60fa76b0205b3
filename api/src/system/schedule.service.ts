import type { Db } from '@app/db';
import * as reportsRepository from '@app/db/reports/reports';
import { logger } from '../logging/logger.ts';

export interface ScheduledJob {
  name: string;
  description: string;
  everyMs: number;
  run(db: Db): Promise<string>;
}

/** The periodic work of the server. Each run is recorded in schedule_runs (Logs > Schedule). */
export const SCHEDULED_JOBS: ScheduledJob[] = [
  {
    name: 'cleanup:expired',
    description: 'Removes expired sessions, one-time tokens (password reset, email confirmation, pending two-factor logins), rate-limit counters older than a day, schedule runs older than 30 days and expired pages of the page cache.',
    everyMs: 60 * 60 * 1000,
    async run(db) {
      const removed = await reportsRepository.cleanUpExpired(db, new Date());
      return `Removed ${removed.sessions} sessions, ${removed.tokens} tokens, ${removed.rateLimits} rate-limit counters, ${removed.scheduleRuns} old runs, ${removed.pages} expired cached pages.`;
    },
  },
];

export async function runScheduledJob(db: Db, job: ScheduledJob): Promise<void> {
  const started = performance.now();
  let status: 'ok' | 'failed' = 'ok';
  let output: string;
  try {
    output = await job.run(db);
  } catch (error) {
    status = 'failed';
    output = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  await reportsRepository.recordScheduleRun(db, { job: job.name, status, output: output.slice(0, 2000), duration_ms: Math.round(performance.now() - started) });
}

/**
 * Runs each job when it is due, checking every minute. "Due" is read from the last recorded run,
 * so a restart does not run everything again and several processes mostly take turns.
 */
export function startSchedule(db: Db, jobs: ScheduledJob[] = SCHEDULED_JOBS): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const job of jobs) {
        const last = await reportsRepository.lastScheduleRun(db, job.name);
        if (!last || Date.now() - Date.parse(last.created_at) >= job.everyMs) await runScheduledJob(db, job);
      }
    } catch (error) {
      logger.error({ err: error }, 'The schedule could not run');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), 60 * 1000);
  timer.unref();
  const first = setTimeout(() => void tick(), 5 * 1000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}

/** Each job with its last run, for the back office's Logs > Schedule. */
export async function scheduleStatus(db: Db, jobs: ScheduledJob[] = SCHEDULED_JOBS) {
  return Promise.all(
    jobs.map(async (job) => {
      const last = await reportsRepository.lastScheduleRun(db, job.name);
      return {
        name: job.name,
        description: job.description,
        every_minutes: job.everyMs / 60000,
        last_run: last ? { status: last.status, output: last.output, duration_ms: last.duration_ms, created_at: last.created_at } : null,
      };
    }),
  );
}
