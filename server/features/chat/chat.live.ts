import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { chatEventIdSchema } from '#common/chat/chat.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { Tx } from '#server/db/client.ts';
import { lastEventId, type EventStream } from '#server/integrations/realtime/event-stream.ts';
import type { RealtimeNotice } from '#server/integrations/realtime/realtime.ts';
import type { RealtimeHub } from '#server/platform/realtime.ts';

/** The NOTIFY channel of every chat event, heard by every app instance. */
const chatChannel = 'chat_events';

/** What travels between instances: ids only; each stream reads what it may show from the database. */
const chatNoticeSchema = z.object({
  conversationId: z.uuid(),
  kind: z.enum(['message', 'reply']),
  id: z.uuid(),
  /** The message a reply answers; a message's own id. */
  messageId: z.uuid(),
  seq: z.number().int(),
});
type ChatNotice = z.infer<typeof chatNoticeSchema>;

/** Call inside the transaction that writes the row: the notice leaves at its commit. */
export function announce(realtime: RealtimeHub, tx: Tx, notice: ChatNotice): Promise<void> {
  return realtime.publish(chatChannel, JSON.stringify(notice), tx);
}

/** The last payload parsed: every stream of this instance hears the same one in turn, so it is parsed once, not once per stream. */
let lastParsed: { payload: string; notice: ChatNotice | undefined } | undefined;

function parseNotice(payload: string): ChatNotice | undefined {
  if (lastParsed?.payload === payload) return lastParsed.notice;
  let notice: ChatNotice | undefined;
  try {
    const parsed = chatNoticeSchema.safeParse(JSON.parse(payload));
    notice = parsed.success ? parsed.data : undefined;
  } catch {
    notice = undefined;
  }
  lastParsed = { payload, notice };
  return notice;
}

/**
 * What a stream route hands a service, as plain functions: how to open the stream, and who is
 * signed in now (read again from the session, since a stream outlives its request's checks).
 */
export type LiveRequest = { open: () => EventStream; currentUser: () => Promise<SessionUser | null> };

/** One event for the browser; `key` says which row it shows, so no row is sent twice. */
export type OutgoingEvent = { key: string; seq: number; name: string; data: unknown };

type Follow = {
  stream: () => EventStream;
  /** The seq the client has seen up to. */
  after: number;
  /** Everything after `seq` this stream may show: the catch-up on connection and after a lost notice. */
  catchUp: (seq: number) => Promise<OutgoingEvent[]>;
  /**
   * Whether a notice may concern this stream, decided at once: a visitor's stream skips the other
   * conversations' notices without queueing them, which keeps the fan-out to many streams cheap.
   */
  isFor?: (notice: ChatNotice) => boolean;
  /** What this stream shows of one notice ([] when it is not its business). */
  live: (notice: ChatNotice) => Promise<OutgoingEvent[]>;
  /** Asked before each send: a stream outlives its request's checks, so a sign-out or a lost role ends it. */
  isStillAllowed?: () => Promise<boolean>;
};

/**
 * Follows the chat for one stream: subscribes first, then opens the stream and sends what was
 * missed after `after`, then each live event, one at a time and in order. The subscription ends
 * with the stream. Fails before opening the stream (so the client gets an ordinary error).
 */
export async function followChat(realtime: RealtimeHub, log: FastifyBaseLogger, follow: Follow): Promise<void> {
  let cursor = follow.after;
  let stream: EventStream | undefined;
  const early: RealtimeNotice[] = [];
  const sent = new Set<string>();
  let queue = Promise.resolve();

  const run = (task: () => Promise<OutgoingEvent[]>) => {
    queue = queue
      .then(async () => {
        if (!stream || stream.isClosed) return;
        if (follow.isStillAllowed && !(await follow.isStillAllowed())) {
          stream.close();
          return;
        }
        for (const event of await task()) {
          if (sent.has(event.key)) continue;
          sent.add(event.key);
          cursor = Math.max(cursor, event.seq);
          stream.send({ id: event.seq, event: event.name, data: event.data });
        }
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'chat stream failed');
        stream?.close();
      });
  };

  const handle = (notice: RealtimeNotice) => {
    if (notice.kind === 'resync') return run(() => follow.catchUp(cursor));
    const parsed = parseNotice(notice.payload);
    if (parsed && (follow.isFor?.(parsed) ?? true)) run(() => follow.live(parsed));
  };

  const unsubscribe = await realtime.subscribe(chatChannel, (notice) => (stream ? handle(notice) : early.push(notice)));
  try {
    stream = follow.stream();
  } catch (error) {
    unsubscribe();
    throw error;
  }
  stream.onClose(unsubscribe);
  run(() => follow.catchUp(cursor));
  for (const notice of early.splice(0)) handle(notice);
}

/** Where a stream resumes: the Last-Event-ID of a reconnection, else the `after` the client read with its data. */
export function resumeAfter(request: FastifyRequest, after: number | undefined): number | undefined {
  const header = lastEventId(request);
  if (header === undefined) return after;
  const parsed = chatEventIdSchema.safeParse(header);
  if (!parsed.success) throw new AppError('validation');
  return parsed.data;
}
