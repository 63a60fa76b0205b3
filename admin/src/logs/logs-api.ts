import { httpClient } from '../providers/httpClient.ts';

interface Job {
  name: string;
  description: string;
  every_minutes: number;
  last_run: { status: string; output: string | null; duration_ms: number; created_at: string } | null;
}

interface ErrorEntry {
  time: string;
  message: string;
  name?: string;
  stack?: string;
  method?: string;
  path?: string;
  status?: number;
  source: string;
  /** How many times it happened that day: written once, then counted. */
  count?: number;
  last_time?: string;
}

interface ErrorLog {
  files: { name: string; size: number; modified: string }[];
  file: string | null;
  entries: ErrorEntry[];
  total: number;
}

/** The data provider's methods for the Logs section (schedule and error log; emails are a resource). */
export const logMethods = {
  async getScheduleLog(): Promise<{ data: Job[] }> {
    const { json } = await httpClient('/api/v1/logs/schedule');
    return { data: json.jobs as Job[] };
  },
  /** One page of a log file's entries, newest first; the latest file when none is named. */
  async getErrorLog(params: { file?: string; page: number; perPage: number }): Promise<{ data: ErrorLog }> {
    const query = new URLSearchParams({ page: String(params.page), perPage: String(params.perPage), ...(params.file ? { file: params.file } : {}) });
    const { json } = await httpClient(`/api/v1/logs/error?${query}`);
    return { data: json as ErrorLog };
  },
};
