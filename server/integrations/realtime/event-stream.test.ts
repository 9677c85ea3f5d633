import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { listening } from '#server/test/event-stream.ts';

async function readUntil(reader: ReadableStreamDefaultReader<string>, done: (text: string) => boolean, timeoutMs = 3_000) {
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (!done(text)) {
    if (Date.now() > deadline) throw new Error(`stream said only: ${JSON.stringify(text)}`);
    const chunk = await reader.read();
    if (chunk.done) break;
    text += chunk.value;
  }
  return text;
}

describe('Server-Sent Events streams', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) =>
        app.get('/api/test-stream', async (request, reply) => {
          reply.header('x-test', 'kept');
          const stream = app.realtime.openStream(request, reply, { heartbeatMs: 50, retryMs: 1234 });
          stream.send({ id: 7, event: 'greeting', data: { text: 'hola\nadiós' } });
        }),
    });
    baseUrl = await listening(t.app);
  });
  afterAll(() => t.close());

  it('answers an uncompressed event stream with the prepared headers, the retry delay, events and heartbeats', async () => {
    const response = await fetch(`${baseUrl}/api/test-stream`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-test')).toBe('kept');
    // helmet's headers survive the hijack.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const text = await readUntil(reader, (received) => received.includes(': keep-alive'));
    expect(text.startsWith('retry: 1234\n\n')).toBe(true);
    expect(text).toContain('id: 7\nevent: greeting\ndata: {"text":"hola\\nadiós"}\n\n');
    await reader.cancel();
  });

  it('ends the open streams when the app closes, instead of waiting for the browsers to leave', async () => {
    const other = await createTestApp({
      extend: (app) =>
        app.get('/api/test-stream', async (request, reply) => {
          app.realtime.openStream(request, reply);
        }),
    });
    const url = await listening(other.app);
    const response = await fetch(`${url}/api/test-stream`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    await readUntil(reader, (received) => received.includes('retry:'));
    // Were the stream waited for, closing would never end while this reader keeps it open.
    await other.close();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });
});
