import http from 'node:http';

export type ServerSentEvent = { id: string | undefined; event: string | undefined; data: string };

export type EventStreamClient = {
  /** Resolves when the server has answered 200 and sent its first bytes (the `retry:` line). */
  opened: Promise<void>;
  /** The id of the last event received: what a reconnection sends as Last-Event-ID. */
  lastEventId: () => string | undefined;
  close: () => void;
};

/** A minimal EventSource on node:http, from one local address, that hands each event to `onEvent`. */
export function openEventStream(
  url: string,
  options: { localAddress?: string; headers?: Record<string, string>; onEvent: (event: ServerSentEvent) => void },
): EventStreamClient {
  let lastId: string | undefined;
  let outgoing: http.ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    outgoing = http.get(url, { agent: false, localAddress: options.localAddress, headers: { accept: 'text/event-stream', ...options.headers } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        resolve();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ServerSentEvent = { id: undefined, event: undefined, data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).trimStart();
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data = hasData ? `${event.data}\n${value}` : value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          if (event.id !== undefined) lastId = event.id;
          options.onEvent(event);
        }
      });
      response.on('error', () => {});
    });
    outgoing.on('error', reject);
  });
  // A rejection nobody waits for (a stream closed by the bench) must not end the process.
  opened.catch(() => {});
  return {
    opened,
    lastEventId: () => lastId,
    close: () => outgoing?.destroy(),
  };
}
