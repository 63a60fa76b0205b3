import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local service speaking reCAPTCHA's siteverify protocol (form-encoded secret and response,
 * JSON answer), so tests check the product's real HTTP call without reaching Google.
 */
export async function startHumanCheckService(secret: string, humanTokens: string[]) {
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const success = form.get('secret') === secret && humanTokens.includes(form.get('response') ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(success ? { success: true, score: 0.9, action: 'register' } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
