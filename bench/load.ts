import autocannon from 'autocannon';

export type LoadRequest = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

export type LoadOptions = {
  url: string;
  requests: LoadRequest[];
  durationSeconds: number;
  connections: number;
  /** A constant rate (requests per second over all connections) instead of as fast as answers come. */
  overallRate?: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  total: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Connection errors and time-outs: requests that got no answer. */
  errors: number;
  timeouts: number;
};

/**
 * One run of autocannon in this process (on the load generator's core). Each connection sends the
 * requests in turn, so a list of several makes a fixed mix.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    overallRate: options.overallRate,
    requests: options.requests.map((request) => ({
      method: request.method ?? 'GET',
      path: request.path,
      headers: request.headers,
      body: request.body,
    })),
    timeout: 10,
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  return {
    requestsPerSecond: result.requests.total / options.durationSeconds,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    total: result.requests.total,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
