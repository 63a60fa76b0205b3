import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Another site on this machine, such as a blog, serving one page. It is served for real, not
 * routed by the browser: Chromium only lets a page on a local address frame another local one.
 */
export async function startOtherSite(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    // 127.0.0.1 and localhost are different origins: what it frames is cross-site.
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
