import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * HTTP plumbing shared by the local payment doubles (stripe-local, paypal-local): a tiny router
 * over `/path/:param` patterns, a bounded body reader and listening on a free port.
 */

export interface RouteSpec<H> {
  method: string;
  path: string;
  handler: H;
}

export interface CompiledRoute<H> extends RouteSpec<H> {
  pattern: RegExp;
  names: string[];
}

export function compileRoutes<H, R extends RouteSpec<H>>(routes: R[]): (R & CompiledRoute<H>)[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { ...route, pattern: new RegExp(`^${source}$`), names };
  });
}

export function matchRoute<R extends CompiledRoute<unknown>>(routes: R[], method: string, path: string): { route: R; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(path);
    if (found) return { route, params: Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(found[i + 1])])) };
  }
  return undefined;
}

/** The request body as text; `tooLarge` makes the double's own error when it passes 1 MB. */
export async function readBody(request: IncomingMessage, tooLarge: () => Error): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Listens on `port` (0: a free one) and gives the base URL, with IPv6 hosts bracketed. */
export async function listenOn(server: Server, port: number, host: string): Promise<{ port: number; host: string; url: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return { port: actual, host, url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}` };
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
