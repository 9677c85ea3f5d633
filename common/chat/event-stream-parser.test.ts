import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type ParsedEvent } from './event-stream-parser.ts';

function parse(chunks: string[]) {
  const events: ParsedEvent[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries, parser };
}

describe('the event stream parser', () => {
  it('reads ids, names, data and the retry delay, and skips comments', () => {
    const { events, retries } = parse(['retry: 3000\n\n: keep-alive\n\nid: 7\nevent: entry\ndata: {"a":1}\n\ndata: plain\n\n']);
    expect(retries).toEqual([3000]);
    expect(events).toEqual([
      { lastEventId: '7', event: 'entry', data: '{"a":1}' },
      { lastEventId: '7', event: 'message', data: 'plain' },
    ]);
  });

  it('joins data lines and accepts every line ending, across chunk boundaries', () => {
    const { events } = parse(['id: 1\r', '\nevent: entry\rdata: first\r\ndata:', ' second\n', '\n', 'data: third\r', '\r']);
    expect(events).toEqual([
      { lastEventId: '1', event: 'entry', data: 'first\nsecond' },
      { lastEventId: '1', event: 'message', data: 'third' },
    ]);
  });

  it('keeps the last id for reconnection and drops an event cut off by the end of the stream', () => {
    const { events, parser } = parse(['id: 41\ndata: whole\n\nid: 42\ndata: cut']);
    parser.reset();
    parser.push('data: after\n\n');
    expect(events.map((event) => event.data)).toEqual(['whole', 'after']);
    expect(parser.lastEventId).toBe('42');
  });
});
