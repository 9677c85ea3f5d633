import { afterEach, describe, expect, it, vi } from 'vitest';
import { followEventStream } from './event-stream.ts';

function fakeServer(responses: Array<() => Response>) {
  const requests: Headers[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    requests.push(new Headers(init.headers));
    const next = responses.shift();
    return next ? next() : new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

const events = (text: string) => () => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });

describe('following an event stream over fetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reconnects on its own when the stream ends, resuming after the last event id, and stops on 204', async () => {
    const { requests, fetchMock } = fakeServer([
      events('retry: 5\n\nid: 5\nevent: entry\ndata: {"n":1}\n\n'),
      events('id: 6\nevent: entry\ndata: {"n":2}\n\n: keep-alive\n\n'),
      () => new Response(null, { status: 204 }),
    ]);
    const received: string[] = [];
    followEventStream({ url: '/api/chat/stream', headers: () => ({ 'x-chat-token': 'abc' }), onEvent: (event) => received.push(event.data) });

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(received).toEqual(['{"n":1}', '{"n":2}']);
    expect(requests.map((headers) => headers.get('last-event-id'))).toEqual([null, '5', '6']);
    expect(requests.every((headers) => headers.get('x-chat-token') === 'abc')).toBe(true);
  });

  it('tries again after a server error, but not after a refusal', async () => {
    const { fetchMock } = fakeServer([
      events('retry: 5\n\n'),
      () => new Response('{}', { status: 503 }),
      () => new Response('{}', { status: 403 }),
      events('data: never\n\n'),
    ]);
    followEventStream({ url: '/api/admin/chat/stream', onEvent: () => {} });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops when asked, even while waiting to reconnect', async () => {
    const { fetchMock } = fakeServer([events('retry: 20\n\n'), events('retry: 20\n\n')]);
    const stop = followEventStream({ url: '/s', onEvent: () => {} });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
