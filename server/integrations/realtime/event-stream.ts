import type { FastifyReply, FastifyRequest } from 'fastify';

type ServerSentEvent = {
  /** Becomes the client's Last-Event-ID when it reconnects. */
  id?: number | string;
  event?: string;
  /** Sent as one line of JSON. */
  data: unknown;
};

export type EventStream = {
  send: (event: ServerSentEvent) => void;
  /** Ends the stream; the client reconnects after its retry delay unless it chose to stop. */
  close: () => void;
  /** Runs once, when the stream ends for any reason (client gone, server closing, close()). */
  onClose: (cleanup: () => void) => void;
  readonly isClosed: boolean;
};

export type EventStreamOptions = {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
  /** How long the browser waits before reconnecting (the `retry:` field). */
  retryMs?: number;
};

/** A client that does not read its stream is dropped rather than buffered without end; it resumes on reconnect. */
const maxBufferedBytes = 256 * 1024;

function singleLine(value: string): string {
  return value.replace(/[\r\n]/g, '');
}

/**
 * Opens a text/event-stream answer. The reply is taken over from Fastify (`hijack`), so no
 * onSend hook (compression above all) can buffer it; the headers Fastify and helmet prepared are
 * kept. The stream is cleaned up when the client goes away.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
  const { heartbeatMs = 25_000, retryMs = 3_000 } = options;
  const res = reply.raw;
  const cleanups: Array<() => void> = [];
  let isClosed = false;

  reply.hijack();
  const prepared = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined));
  res.writeHead(200, {
    ...(prepared as Record<string, string | number | string[]>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies pass each event on at once.
    'x-accel-buffering': 'no',
  });
  // The first bytes reach the client at once: it knows the stream is open, and how long to wait before reconnecting.
  res.write(`retry: ${retryMs}\n\n`);

  const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
  heartbeat.unref();

  function finish() {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    for (const cleanup of cleanups.splice(0)) {
      try {
        cleanup();
      } catch (error) {
        request.log.error({ err: error }, 'event stream cleanup failed');
      }
    }
  }

  function write(chunk: string) {
    if (isClosed || res.writableEnded || res.destroyed) return;
    if (res.writableLength > maxBufferedBytes) {
      request.log.warn('event stream client too slow: dropped');
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  // A stream is never reused for another request: once it ends, its connection goes too, so a
  // half-closed client socket cannot hold the server's shutdown.
  const drop = () => {
    finish();
    if (!res.destroyed) res.destroy();
  };
  res.on('close', drop);
  res.on('error', drop);

  return {
    send: ({ id, event, data }) => {
      const lines = [
        ...(id !== undefined ? [`id: ${singleLine(String(id))}`] : []),
        ...(event ? [`event: ${singleLine(event)}`] : []),
        `data: ${JSON.stringify(data)}`,
      ];
      write(`${lines.join('\n')}\n\n`);
    },
    close: () => {
      finish();
      if (!res.writableEnded) res.end(() => res.destroy());
    },
    onClose: (cleanup) => {
      if (isClosed) cleanup();
      else cleanups.push(cleanup);
    },
    get isClosed() {
      return isClosed;
    },
  };
}

/** The event id the client last saw, sent back by a reconnecting client (Last-Event-ID header). */
export function lastEventId(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
}
