import { randomBytes } from 'node:crypto';
import { inBatches, request } from '../http-client.ts';
import type { RunningServer } from '../processes.ts';
import { sleep } from '../processes.ts';
import { measureQuietly, type Quiet } from '../quiet.ts';
import type { Settings } from '../settings.ts';
import { openEventStream, type EventStreamClient } from '../sse-client.ts';
import { percentile, round } from '../stats.ts';

/** A visitor with the chat widget open: its browser's conversation token and an address of its own. */
export type Visitor = { index: number; token: string; address: string };

export function makeVisitors(count: number): Visitor[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    token: randomBytes(32).toString('base64url'),
    address: `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  }));
}

/** How one side opens a visitor's stream and posts a message into its conversation. */
export type ChatSide = {
  streamUrl: (visitor: Visitor) => string;
  streamHeaders: (visitor: Visitor) => Record<string, string>;
  /** Resolves with the HTTP status of the post. */
  post: (visitor: Visitor, text: string) => Promise<number>;
};

/** The product's widget: the visitor's token in its header, the message through the public chat API. */
export function productChat(server: RunningServer): ChatSide {
  return {
    streamUrl: () => `${server.url}/api/chat/stream`,
    streamHeaders: (visitor) => ({ 'x-chat-token': visitor.token }),
    post: async (visitor, text) =>
      (
        await request(`${server.url}/api/chat/messages`, {
          method: 'POST',
          localAddress: visitor.address,
          headers: { 'x-chat-token': visitor.token },
          body: { name: `Visitante ${visitor.index}`, email: `visitante${visitor.index}@example.com`, message: text },
        })
      ).status,
  };
}

export function baselineChat(server: RunningServer): ChatSide {
  return {
    streamUrl: (visitor) => `${server.url}/stream?conversation=${visitor.index}`,
    streamHeaders: () => ({}),
    post: async (visitor, text) =>
      (await request(`${server.url}/publish`, { method: 'POST', localAddress: visitor.address, body: { conversation: String(visitor.index), text } })).status,
  };
}

/**
 * Each visitor starts its conversation with a first message, as the widget does: a stream opens
 * only on a conversation. Done once per data directory, through the API.
 */
export async function startConversations(side: ChatSide, visitors: Visitor[]): Promise<void> {
  await inBatches(visitors, 10, async (visitor) => {
    const status = await side.post(visitor, `Hola, soy el visitante ${visitor.index}`);
    if (status !== 201) throw new Error(`visitor ${visitor.index}: the first message answered ${status}`);
  });
}

export type FanOut = {
  streams: number;
  sent: number;
  /** Posts the server refused (a rate limit): not counted as lost, since they were never accepted. */
  refused: number;
  delivered: number;
  lost: number;
  latencyMs: { p50: number; p99: number };
  /** The server's CPU while sending and for 2 s after, in percent of one core. */
  cpuPercent: number;
};

type Streams = { clients: Map<number, EventStreamClient>; received: Map<string, number> };

/** Every visitor's stream open at once; each event's text noted with the moment it arrived. */
async function openStreams(side: ChatSide, visitors: Visitor[], received: Map<string, number>): Promise<Streams> {
  const clients = new Map<number, EventStreamClient>();
  await inBatches(visitors, 50, async (visitor) => {
    const client = openVisitorStream(side, visitor, received);
    clients.set(visitor.index, client);
    await client.opened;
  });
  return { clients, received };
}

function openVisitorStream(side: ChatSide, visitor: Visitor, received: Map<string, number>, lastEventId?: string): EventStreamClient {
  return openEventStream(side.streamUrl(visitor), {
    localAddress: visitor.address,
    headers: { ...side.streamHeaders(visitor), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    onEvent: (event) => {
      const text = (JSON.parse(event.data) as { text?: string }).text;
      if (text?.startsWith('bench-')) received.set(text, performance.now());
    },
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition() && performance.now() < deadline) await sleep(50);
}

let messageNumber = 0;

/**
 * Opens a stream per visitor, then posts `chatMessagesPerSecond` messages a second, each into
 * the next visitor's conversation (from `offset.next` on: a repeated or later run uses other
 * conversations, so no conversation reaches its own limit), and times each from its post to its
 * arrival on its visitor's stream.
 */
export async function measureFanOut(
  server: RunningServer,
  side: ChatSide,
  visitors: Visitor[],
  settings: Settings,
  offset: { next: number },
): Promise<{ fanOut: Quiet<FanOut>; streams: Streams }> {
  const received = new Map<string, number>();
  const streams = await openStreams(side, visitors, received);
  await sleep(1000);
  const fanOut = await measureQuietly(async (): Promise<FanOut> => {
    const sent = new Map<string, number>();
    const posts: Array<Promise<void>> = [];
    let refused = 0;
    const count = settings.chatMessagesPerSecond * settings.chatSeconds;
    const interval = 1000 / settings.chatMessagesPerSecond;
    const cpuBefore = server.cpuMs();
    const started = performance.now();
    for (let k = 0; k < count; k++) {
      const due = started + k * interval;
      if (due > performance.now()) await sleep(due - performance.now());
      const visitor = visitors[offset.next++ % visitors.length] as Visitor;
      const text = `bench-${++messageNumber}`;
      sent.set(text, performance.now());
      posts.push(
        side.post(visitor, text).then(
          (status) => {
            if (status !== 201) {
              refused++;
              sent.delete(text);
            }
          },
          () => {
            refused++;
            sent.delete(text);
          },
        ),
      );
    }
    await Promise.all(posts);
    const windowEnd = started + count * interval + 2000;
    await sleep(Math.max(0, windowEnd - performance.now()));
    const cpuPercent = ((server.cpuMs() - cpuBefore) / (windowEnd - started)) * 100;
    await waitFor(() => [...sent.keys()].every((text) => received.has(text)), 5000);
    const latencies = [...sent].flatMap(([text, at]) => {
      const arrived = received.get(text);
      return arrived === undefined ? [] : [arrived - at];
    });
    return {
      streams: visitors.length,
      sent: count,
      refused,
      delivered: latencies.length,
      lost: sent.size - latencies.length,
      latencyMs: { p50: round(percentile(latencies, 0.5), 1), p99: round(percentile(latencies, 0.99), 1) },
      cpuPercent: round(cpuPercent, 1),
    };
  });
  return { fanOut, streams };
}

export type Resumption = { visitors: number; missed: number; lost: number };

/**
 * A reconnection resumes without loss: some visitors' streams drop, two messages each are posted
 * while they are away, and each reconnects with the Last-Event-ID it last saw; every message must
 * then arrive.
 */
export async function measureResumption(side: ChatSide, visitors: Visitor[], streams: Streams, count = 20): Promise<Resumption> {
  const chosen = visitors.filter((visitor) => streams.clients.get(visitor.index)?.lastEventId() !== undefined).slice(0, count);
  const lastIds = new Map(chosen.map((visitor) => [visitor.index, streams.clients.get(visitor.index)?.lastEventId()]));
  for (const visitor of chosen) streams.clients.get(visitor.index)?.close();
  await sleep(500);
  const missed: string[] = [];
  await inBatches(chosen, 5, async (visitor) => {
    for (let n = 0; n < 2; n++) {
      const text = `bench-${++messageNumber}`;
      if ((await side.post(visitor, text)) === 201) missed.push(text);
    }
  });
  await inBatches(chosen, 20, async (visitor) => {
    const client = openVisitorStream(side, visitor, streams.received, lastIds.get(visitor.index));
    streams.clients.set(visitor.index, client);
    await client.opened;
  });
  await waitFor(() => missed.every((text) => streams.received.has(text)), 5000);
  return { visitors: chosen.length, missed: missed.length, lost: missed.filter((text) => !streams.received.has(text)).length };
}

export async function closeStreams(streams: Streams): Promise<void> {
  for (const client of streams.clients.values()) client.close();
  await sleep(1000);
}
