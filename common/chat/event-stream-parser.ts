/** One event of a text/event-stream, as the HTML standard's EventSource would dispatch it. */
export type ParsedEvent = {
  /** The last event id seen so far: what a reconnection sends as Last-Event-ID. */
  lastEventId: string | undefined;
  event: string;
  data: string;
};

type Handlers = { onEvent: (event: ParsedEvent) => void; onRetry?: (milliseconds: number) => void };

/**
 * Parses a text/event-stream fed in chunks of any size (HTML standard, 'event stream
 * interpretation'), for readers that cannot use EventSource because they send headers of their own.
 */
export function createEventStreamParser({ onEvent, onRetry }: Handlers) {
  let buffer = '';
  let data: string[] = [];
  let eventName = '';
  let lastEventId: string | undefined;
  let isAfterCr = false;

  function dispatch() {
    if (data.length > 0) onEvent({ lastEventId, event: eventName || 'message', data: data.join('\n') });
    data = [];
    eventName = '';
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') eventName = value;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  }

  return {
    push(chunk: string) {
      // A CR that ended the previous chunk may be the first half of a CRLF.
      buffer += isAfterCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      isAfterCr = false;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) return;
        const isLastCr = buffer[end] === '\r' && end === buffer.length - 1;
        const width = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + width);
        if (isLastCr) isAfterCr = true;
      }
    },
    /** The stream ended: an event without its closing blank line is dropped, as EventSource does. */
    reset() {
      buffer = '';
      isAfterCr = false;
      data = [];
      eventName = '';
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
