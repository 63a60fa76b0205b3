/** The command-line plumbing of `pnpm stripe:local` and `pnpm paypal:local`. */

/** Says what is wrong with the command line and ends with status 2. */
export function usageError(message: string): never {
  console.error(message);
  process.exit(2);
}

/** `--retry-days 3,5,7`: whole days between payment retries. */
export function parseRetryDays(value: string, example: string): number[] {
  const days = value.split(',').filter(Boolean).map(Number);
  if (days.some((day) => !Number.isInteger(day) || day < 1)) usageError(`--retry-days must be whole days, e.g. ${example}`);
  return days;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usageError('--port must be a port number');
  return port;
}

interface Listening {
  listen(port: number, host: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

/** Listens (or says why it cannot and ends), and closes cleanly on Ctrl-C or a stop signal. */
export async function listenUntilStopped(server: Listening, port: number, host: string): Promise<{ port: number; url: string }> {
  const address = await server.listen(port, host).catch((error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use; choose another with --port.` : error.message);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
  return address;
}

/**
 * The address to give the product: listening on every address says nothing about how the
 * product reaches the server; the public URL may.
 */
export function addressForProduct(host: string, listeningUrl: string, publicUrl: string): string {
  return host === '0.0.0.0' || host === '::' ? publicUrl : listeningUrl;
}
