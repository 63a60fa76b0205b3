import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port that keeps every message it receives, parsed, so tests
 * read the mail the product really sent.
 */
export async function startMailServer(listenPort = 0) {
  const inbox: Email[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        inbox.push(await PostalMime.parse(Buffer.concat(chunks)));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    inbox,
    env: { MAIL_HOST: '127.0.0.1', MAIL_PORT: String(port), MAIL_ENCRYPTION: 'none', MAIL_FROM_ADDRESS: 'music@example.com' },
    /** The next mail to `to` that arrives (or has arrived since `after` messages). */
    async waitFor(to: string, after = 0, timeoutMs = 10_000): Promise<Email> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.slice(after).find((mail) => mail.to?.some((address) => address.address === to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
