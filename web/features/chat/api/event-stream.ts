import { createEventStreamParser, type ParsedEvent } from '#common/chat/event-stream-parser.ts';
import { pageLanguage } from '#web/lib/i18n.ts';

type FollowOptions = {
  url: string;
  /** Read again at each connection (the conversation token may have been created meanwhile). */
  headers?: () => Record<string, string>;
  onEvent: (event: ParsedEvent) => void;
};

const maxDelayMs = 30_000;

/**
 * Follows a Server-Sent Events stream as EventSource does (reconnects on its own after the
 * server's `retry:` delay, sending the last event id so the server resumes after it), but over
 * fetch, so that the conversation token travels in a header and never in a URL. Stops on 204 and
 * on refusals that asking again will not change. Returns the function that stops it.
 */
export function followEventStream({ url, headers, onEvent }: FollowOptions): () => void {
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let retryMs = 3_000;
  let failures = 0;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  /** One connection; answers whether to connect again. */
  async function connect(): Promise<boolean> {
    const requestHeaders: Record<string, string> = { Accept: 'text/event-stream', ...headers?.() };
    requestHeaders['Accept-Language'] = pageLanguage();
    if (lastEventId !== undefined) requestHeaders['Last-Event-ID'] = lastEventId;
    const response = await fetch(url, { headers: requestHeaders, credentials: 'same-origin', cache: 'no-store', signal: controller.signal });
    if (!response.ok || response.status === 204 || !response.body) {
      await response.body?.cancel();
      failures += 1;
      return response.status === 429 || response.status >= 500;
    }
    failures = 0;
    const parser = createEventStreamParser({
      onEvent: (event) => {
        lastEventId = event.lastEventId ?? lastEventId;
        onEvent(event);
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return true;
      parser.push(value);
    }
  }

  void (async () => {
    while (!controller.signal.aborted) {
      let isWorthRetrying = true;
      try {
        isWorthRetrying = await connect();
      } catch {
        failures += 1;
      }
      if (!isWorthRetrying || controller.signal.aborted) return;
      // A server that keeps failing is asked less and less often; visitors do not all come back at once.
      const delay = Math.min(retryMs * 2 ** Math.min(failures, 4), maxDelayMs);
      await pause(delay * (0.8 + Math.random() * 0.4));
    }
  })();

  return () => controller.abort();
}
