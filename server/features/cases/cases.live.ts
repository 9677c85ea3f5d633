import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { caseChangeKinds, type CaseChange } from '#common/cases/cases.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { EventStream } from '#server/integrations/realtime/event-stream.ts';
import type { RealtimeNotice } from '#server/integrations/realtime/realtime.ts';
import type { RealtimeHub } from '#server/platform/realtime.ts';

/** The NOTIFY channel of every change the firm makes to a case, heard by every app instance. */
const casesChannel = 'case_events';

/** What travels between instances: which case of which client changed, and what; the panel reads the rest. */
const caseNoticeSchema = z.object({ caseId: z.number().int(), clientId: z.string(), kind: z.enum(caseChangeKinds) });
type CaseNotice = z.infer<typeof caseNoticeSchema>;

/** Call inside the transaction that writes the change: the notice leaves at its commit, never without it. */
export function announceCaseChange(realtime: Pick<RealtimeHub, 'publish'>, tx: Db | Tx, notice: CaseNotice): Promise<void> {
  return realtime.publish(casesChannel, JSON.stringify(notice), tx);
}

function parseNotice(payload: string): CaseNotice | undefined {
  try {
    const parsed = caseNoticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** How a stream route hands the service its stream, and who is signed in now (a stream outlives its request's checks). */
export type CasesLiveRequest = { open: () => EventStream; currentUser: () => Promise<SessionUser | null> };

/**
 * Follows one client's cases: subscribes first, then opens the stream with a 'sync' event (the
 * catch-up: the panel reloads what it shows), then sends a 'change' for each notice about one of
 * their own cases. A lost notice between instances is a 'sync' again. The stream ends at sign-out.
 */
export async function followClientCases(realtime: RealtimeHub, log: FastifyBaseLogger, clientId: string, live: CasesLiveRequest): Promise<void> {
  let stream: EventStream | undefined;
  let queue = Promise.resolve();

  const send = (event: { event: 'sync'; data: Record<string, never> } | { event: 'change'; data: CaseChange }) => {
    queue = queue
      .then(async () => {
        if (!stream || stream.isClosed) return;
        if ((await live.currentUser())?.id !== clientId) return stream.close();
        stream.send(event);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'case stream failed');
        stream?.close();
      });
  };

  const handle = (notice: RealtimeNotice) => {
    if (notice.kind === 'resync') return send({ event: 'sync', data: {} });
    const parsed = parseNotice(notice.payload);
    if (parsed?.clientId === clientId) send({ event: 'change', data: { caseId: parsed.caseId, kind: parsed.kind } });
  };

  const unsubscribe = await realtime.subscribe(casesChannel, handle);
  try {
    stream = live.open();
  } catch (error) {
    unsubscribe();
    throw error;
  }
  stream.onClose(unsubscribe);
  send({ event: 'sync', data: {} });
}
