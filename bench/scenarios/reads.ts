import { runLoad, type LoadRequest, type LoadResult } from '../load.ts';
import type { RunningServer } from '../processes.ts';
import { sleep } from '../processes.ts';
import { measureQuietly, type Quiet } from '../quiet.ts';
import type { Settings } from '../settings.ts';

export const newsPath = '/api/news?limit=20';
/** A browser's navigation, without Accept-Encoding: both sides then send the same uncompressed bytes. */
export const pageRequest: LoadRequest = { path: '/', headers: { accept: 'text/html' } };

/** Ten keep-alive connections, each sending its next request when the answer comes. */
const connections = 10;

/**
 * The same load on either side: a warm-up (the JIT and PGlite's caches), then the measured run,
 * taken again when other programs disturbed it.
 */
export async function measureReads(server: RunningServer, request: LoadRequest, settings: Settings): Promise<Quiet<LoadResult>> {
  await runLoad({ url: server.url, requests: [request], durationSeconds: settings.warmUpSeconds, connections });
  return measureQuietly(() => runLoad({ url: server.url, requests: [request], durationSeconds: settings.loadSeconds, connections }));
}

/** Resident memory once the server has had time to settle (timers, lazy compilation, GC). */
export async function settledMemoryMiB(server: RunningServer, settings: Settings): Promise<number> {
  await sleep(settings.settleSeconds * 1000);
  return server.rssMiB();
}

/** The body of one answer, to check that both sides answer the same thing. */
export async function answerOf(server: RunningServer, request: LoadRequest): Promise<string> {
  const response = await fetch(`${server.url}${request.path}`, { headers: { ...request.headers, 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`${server.name} ${request.path}: ${response.status}`);
  return response.text();
}
