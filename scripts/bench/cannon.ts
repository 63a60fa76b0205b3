import autocannon from 'autocannon';

/**
 * The throughput measure: autocannon, `connections` keep-alive connections for `seconds`,
 * no Accept-Encoding (so a server answers what a client that takes no gzip gets). autocannon runs
 * in this process; the bare Hono process is measured the same way in the same run, so the ratios
 * hold on a busy machine where absolute numbers do not.
 */
export interface CannonResult {
  perSecond: number;
  requests: number;
  p50: number;
  statuses: Record<string, number>;
  errors: number;
}

export async function cannon(options: { url: string; paths: string[]; headers?: Record<string, string>; connections?: number; seconds: number }): Promise<CannonResult> {
  let i = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 20,
    duration: options.seconds,
    headers: options.headers,
    requests: [{ method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: options.paths[i++ % options.paths.length] }) }],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, Number((stats as { count: number }).count)]));
  return { perSecond: result.requests.total / options.seconds, requests: result.requests.total, p50: result.latency.p50, statuses, errors: result.errors + result.timeouts };
}
