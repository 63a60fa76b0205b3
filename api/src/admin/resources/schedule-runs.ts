import { z } from 'zod';
import type { AdminResource } from '../resource.ts';

/** The schedule log: every run of a periodic job. Read only. */
export const scheduleRuns: AdminResource = {
  name: 'schedule-runs',
  label: 'Schedule runs',
  permissions: { read: ['logs.view'], write: [] },
  table: {
    table: 'schedule_runs',
    columns: ['id', 'job', 'status', 'output', 'duration_ms', 'created_at'],
    writable: [],
    searchable: ['job', 'output'],
    sortable: ['id', 'job', 'status', 'duration_ms', 'created_at'],
    filters: { job: 'text', status: 'text', created_at: 'date' },
  },
  input: z.strictObject({}),
};
