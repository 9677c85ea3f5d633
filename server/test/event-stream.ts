import type { FastifyInstance } from 'fastify';
import { createEventStreamParser, type ParsedEvent } from '#common/chat/event-stream-parser.ts';

export type TestEventStream = {
  status: number;
  headers: Headers;
  events: ParsedEvent[];
  /** Waits for the first event, received or to come, that matches. */
  waitFor: (match: (event: ParsedEvent) => boolean, timeoutMs?: number) => Promise<ParsedEvent>;
  /** Whether the stream ends, whoever ends it, within the time given. */
  endsWithin: (timeoutMs?: number) => Promise<boolean>;
  close: () => void;
};

/** Makes the app listen on a free local port, once, and answers its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** A Server-Sent Events client over a real connection, as a browser's fetch reads it. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<TestEventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: ParsedEvent[] = [];
  const waiters = new Set<() => void>();
  const parser = createEventStreamParser({
    onEvent: (event) => {
      events.push(event);
      for (const wake of waiters) wake();
    },
  });

  let ended = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          parser.push(value);
        }
      } catch {
        // Closed by the test or by the server.
      }
    })();
  } else {
    await response.body?.cancel();
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    waitFor: (match, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got: ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    endsWithin: (timeoutMs = 5_000) => {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<boolean>((resolve) => {
        timer = setTimeout(resolve, timeoutMs, false);
      });
      return Promise.race([ended.then(() => true), giveUp]).finally(() => clearTimeout(timer));
    },
    close: () => controller.abort(),
  };
}
