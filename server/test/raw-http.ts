import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type RawResponse = { statusCode: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Sends requests over a real socket, one connection each (an answer may close its own), with the
 * request target written exactly as given: `inject()` resolves '/./' and '..' and drops an
 * absolute-form target's origin before the app sees them, as no browser, proxy or scanner is bound to.
 */
export async function rawClient(app: FastifyInstance) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  /**
   * A live stream is read until its first event (its handler has done its first work, so no query
   * of it outlives the test) or for two seconds, then dropped.
   */
  function send(target: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, agent: false, method: options.method ?? 'GET', path: target, headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }) } }, (response) => {
        const answer = { statusCode: response.statusCode ?? 0, headers: response.headers };
        const chunks: Buffer[] = [];
        const body = () => Buffer.concat(chunks).toString('utf8');
        const isStream = String(response.headers['content-type']).startsWith('text/event-stream');
        const drop = () => {
          clearTimeout(timer);
          request.destroy();
          resolve({ ...answer, body: body() });
        };
        const timer = isStream ? setTimeout(drop, 2000) : undefined;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (isStream && /^data:/m.test(body())) drop();
        });
        response.on('end', () => resolve({ ...answer, body: body() }));
        response.on('error', (error) => (isStream ? undefined : reject(error)));
      });
      request.on('error', reject);
      request.end(options.body);
    });
  }

  return { send };
}
