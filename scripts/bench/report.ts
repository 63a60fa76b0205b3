import { readFileSync } from 'node:fs';
import type { LoadResult } from './load.ts';

/** One line of the bench's report: a measure, and the target it must meet if it has one. */
export interface Row {
  label: string;
  value: string;
  target?: string;
  ok?: boolean;
}

const report: { title: string; rows: Row[] }[] = [];

/** A titled part of the report; the rows pushed to it are printed at the end. */
export function section(title: string): Row[] {
  const rows: Row[] = [];
  report.push({ title, rows });
  return rows;
}

/** Prints the report and says how many targets were missed. */
export function printReport(): number {
  let failed = 0;
  for (const { title, rows } of report) {
    console.log(title);
    for (const row of rows) {
      const verdict = row.ok === undefined ? '' : row.ok ? 'pass' : 'FAIL';
      if (row.ok === false) failed++;
      console.log(`  ${row.label.padEnd(58)} ${row.value.padEnd(40)} ${(row.target ?? '').padEnd(18)} ${verdict}`);
    }
    console.log('');
  }
  return failed;
}

export function step(message: string) {
  console.log(`» ${message}`);
}

/** CPU time the process has used, in ms: steadier than wall-clock rates on a shared machine. */
export const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
export const ms = (value: number) => `${value.toFixed(1)} ms`;
/** Requests per second, padded so the figures after it line up. */
export const rate = (perSecond: number) => `${perSecond.toFixed(0)} req/s`.padEnd(12);
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function describeStatuses(result: LoadResult): string {
  return Object.entries(result.statuses).map(([status, count]) => `${status}×${count}`).join(' ');
}

export function expectStatuses(result: LoadResult, allowed: number[], what: string) {
  const bad = Object.keys(result.statuses).map(Number).filter((status) => !allowed.includes(status));
  if (bad.length) throw new Error(`${what}: unexpected answers ${describeStatuses(result)}`);
}

export function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
}
export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
