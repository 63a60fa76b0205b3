import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AnswerHolds } from './holds.ts';
import { closeServer, listenOn } from './http.ts';

/** What a double answers to one request. */
export interface Answer {
  status: number;
  body: string | Buffer;
  headers: Record<string, string>;
}

export function htmlAnswer(status: number, body: string): Answer {
  return { status, body, headers: { 'Content-Type': 'text/html; charset=utf-8' } };
}

/** What the server plumbing needs of a double's app. */
export interface DoubleApp {
  options: { publicUrl: string; log: (line: string) => void };
  store: { flush(): void };
  /** Answers a test holds back (`/_test/holds`). */
  holds: AnswerHolds;
}

export interface ServeOptions {
  /** The double's name, in log lines. */
  name: string;
  app: DoubleApp;
  /** The double's answer to a request; its own errors are already turned into its provider's error answers. */
  answer: (request: IncomingMessage) => Promise<Answer>;
  /** How often due renewals and retries run on their own, as at the provider (ms; 0 to run them only on requests). */
  tickMs?: number;
  /** Runs what fell due on the simulated clock. */
  catchUp: () => void;
  /** Once listening (the public URL known): sets up the webhook the double was started with. */
  configure: () => void;
  /** Stops webhook deliveries, before the state is saved a last time. */
  stopDeliveries: () => void;
}

/**
 * The HTTP server around a double: answers are never cached, due renewals and retries run on a
 * timer (unref'd, so a test process can end), the public URL defaults to the address it listens
 * on, and closing stops deliveries, saves the state and drops open connections.
 */
export function serveDouble(options: ServeOptions) {
  const { app } = options;
  const server: Server = createServer((request, response) => {
    void options.answer(request).then(async (answer) => {
      await app.holds.pass(request.method ?? 'GET', new URL(request.url ?? '/', 'http://double').pathname);
      // A caller killed while its answer was held is gone: there is no one to write to.
      if (response.destroyed) return;
      response.writeHead(answer.status, { 'Cache-Control': 'no-cache, no-store', ...answer.headers });
      response.end(answer.body);
    });
  });
  let ticker: NodeJS.Timeout | undefined;

  return {
    server,
    /** Starts listening; the public URL defaults to http://{host}:{port}. */
    async listen(port = 0, host = '127.0.0.1'): Promise<{ port: number; host: string; url: string }> {
      const address = await listenOn(server, port, host);
      if (!app.options.publicUrl) app.options.publicUrl = address.url;
      options.configure();
      const tickMs = options.tickMs ?? 5_000;
      if (tickMs > 0) {
        ticker = setInterval(() => {
          try {
            options.catchUp();
          } catch (error) {
            app.options.log(`${options.name}: ${String(error)}`);
          }
        }, tickMs);
        ticker.unref();
      }
      return address;
    },
    async close(): Promise<void> {
      clearInterval(ticker);
      app.holds.releaseAll();
      options.stopDeliveries();
      app.store.flush();
      await closeServer(server);
    },
  };
}
