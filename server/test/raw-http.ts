import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type RawResponse = { statusCode: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Sends requests over a real socket with the request target written exactly as given: `inject()`
 * resolves '/./' and '..' and drops an absolute-form target's origin before the app sees them,
 * as no browser, proxy or scanner is bound to.
 */
export async function rawClient(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });

  /** A live stream's answer ends at its headers: the connection is dropped once they are read. */
  function send(target: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, agent, method: options.method ?? 'GET', path: target, headers: options.headers }, (response) => {
        const answer = { statusCode: response.statusCode ?? 0, headers: response.headers };
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          request.destroy();
          resolve({ ...answer, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ ...answer, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(options.body);
    });
  }

  return { send, close: () => agent.destroy() };
}
