import http from 'node:http';

export type HttpAnswer = { status: number; body: string };

/**
 * One request on its own connection from `localAddress` (any address of 127.0.0.0/8 reaches the
 * server on 127.0.0.1): each simulated visitor comes from an address of its own, as visitors on
 * the Internet do, so that the per-address limits count each of them apart.
 */
export function request(
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<HttpAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        localAddress: options.localAddress,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inBatches<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
