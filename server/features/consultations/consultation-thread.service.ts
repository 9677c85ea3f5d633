import { mayUse } from '#common/auth/permissions.ts';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import {
  expressConsultationType,
  type ConsultationAttachment,
  type ConsultationMessage,
  type ConsultationMessageInput,
  type ConsultationThread,
} from '#common/consultations/consultation-thread.contract.ts';
import { replyTimer } from '#common/reply-timers/promises.ts';
import type { Db } from '#server/db/client.ts';
import { expressFollowUps, firmHours } from '#server/features/agenda/firm-hours.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { StorageNotFoundError, type Storage } from '#server/integrations/storage/storage.ts';
import type { StoredUpload } from '#server/platform/upload.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { ConsultationThreadMails } from './consultation-thread.mails.ts';
import {
  findThreadAttachment,
  findConsultationClientId,
  findThreadConsultation,
  countThreadMessages,
  insertThreadAttachments,
  insertThreadMessage,
  listThread,
  listThreadStorageKeys,
  markAnswered,
  type ThreadAttachmentRow,
  type ThreadMessageRow,
} from './consultation-thread.repository.ts';

/** `openingHours`: FIRM_HOURS, the firm's hours until it saves its own, in which the answer's due time is counted. */
export type ConsultationThreadDeps = { db: Db; storage: Storage; mails: ConsultationThreadMails; log: FastifyBaseLogger; now: () => Date; openingHours: string };
type Author = ConsultationMessage['author'];

type Viewer = Pick<SessionUser, 'id' | 'role'>;
type ThreadConsultation = NonNullable<Awaited<ReturnType<typeof findThreadConsultation>>>;

/** The key prefix of the thread's files in storage. */
export const consultationAttachmentKeyPrefix = 'consultation-attachments';

/**
 * The consultation whose thread the viewer may reach: their own, or any for the staff who answer threads. Another
 * client's is answered as unknown (404), so ids cannot be probed; a consultation that is not an
 * express one has no thread (409, in the viewer's words).
 */
async function threadConsultation(db: Db, viewer: Viewer, consultationId: string, isLocked = false): Promise<ThreadConsultation> {
  const row = await findThreadConsultation(db, consultationId, { isLocked });
  if (!row || (row.userId !== viewer.id && !mayUse(viewer.role, 'GET /api/admin/consultations/:id/messages'))) throw new AppError('notFound');
  if (row.consultationType !== expressConsultationType) throw new AppError('conflict', 'consultation-thread:errors.notExpress');
  return row;
}

/** Follow-up questions still open to the client: the firm's number until the question is asked, never below none. */
const followUpsLeft = (offered: number, asked: number) => (asked === 0 ? offered : Math.max(offered - (asked - 1), 0));

/**
 * Only a pending consultation is written to: once completed or cancelled, its thread is read-only.
 * The client writes the question, then as many follow-ups as the firm offers (set in the Agenda).
 */
async function assertWritable(db: Db, row: ThreadConsultation, author: Author): Promise<void> {
  if (row.status !== 'pendiente') throw new AppError('conflict', 'consultation-thread:errors.closed');
  if (author !== 'client') return;
  const asked = await countThreadMessages(db, row.id, 'client');
  if (asked > 0 && followUpsLeft(await expressFollowUps({ db }), asked) === 0) throw new AppError('conflict', 'consultation-thread:errors.noFollowUpsLeft');
}

/**
 * Checked before a byte of a file is read: the viewer's own express consultation (any for an
 * admin), still pending and with a question left for a client, so nothing is stored for a thread
 * that cannot take it.
 */
export async function writableThread({ db }: Pick<ConsultationThreadDeps, 'db'>, viewer: Viewer, consultationId: string, author: Author): Promise<void> {
  await assertWritable(db, await threadConsultation(db, viewer, consultationId), author);
}

function toAttachment(row: ThreadAttachmentRow): ConsultationAttachment {
  return { id: row.id, name: row.originalName, contentType: row.contentType, sizeBytes: row.sizeBytes };
}

function toMessage(row: ThreadMessageRow, attachments: ThreadAttachmentRow[]): ConsultationMessage {
  return {
    id: row.id,
    author: row.author,
    body: row.body,
    attachments: attachments.filter((attachment) => attachment.messageId === row.id).map(toAttachment),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * When the firm's first answer is due: 8 of its business hours from the payment, the express
 * card's promise (common/reply-timers/promises.ts); none once answered, or with no open hours ahead.
 */
async function answerDueAt({ db, openingHours }: Pick<ConsultationThreadDeps, 'db' | 'openingHours'>, row: ThreadConsultation, now: Date) {
  if (row.answeredAt || row.status !== 'pendiente') return null;
  const { schedule } = await firmHours({ db, openingHours });
  return replyTimer(schedule, 'express', row.createdAt, now)?.dueAt.toISOString() ?? null;
}

/** The thread of an express consultation, for its client or an admin. */
export async function consultationThread(
  deps: Pick<ConsultationThreadDeps, 'db' | 'openingHours' | 'now'>,
  viewer: Viewer,
  consultationId: string,
): Promise<ConsultationThread> {
  const row = await threadConsultation(deps.db, viewer, consultationId);
  const { messages, attachments } = await listThread(deps.db, consultationId);
  const isOpen = row.status === 'pendiente';
  const asked = messages.filter((message) => message.author === 'client').length;
  return {
    status: row.status,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answerDueAt: await answerDueAt(deps, row, deps.now()),
    isOpen,
    followUpsLeft: isOpen ? followUpsLeft(await expressFollowUps(deps), asked) : 0,
    messages: messages.map((message) => toMessage(message, attachments)),
  };
}

/**
 * Keeps a message with its files (already checked and stored by the upload reader) in one
 * transaction, which first locks the consultation and checks it is still open; `inside` adds what
 * the message causes (mail, audit, answered_at) to that transaction. If it fails, the files go.
 */
async function keepMessage(
  { db, storage }: Pick<ConsultationThreadDeps, 'db' | 'storage'>,
  viewer: Viewer,
  consultationId: string,
  message: { author: 'client' | 'firm'; body: string; uploads: StoredUpload[] },
  inside: (tx: Db, context: { message: ThreadMessageRow; isFirst: boolean }) => Promise<void>,
): Promise<ConsultationMessage> {
  try {
    return await db.transaction(async (tx) => {
      const row = await threadConsultation(tx, viewer, consultationId, true);
      await assertWritable(tx, row, message.author);
      const isFirst = (await countThreadMessages(tx, consultationId, message.author)) === 0;
      const inserted = await insertThreadMessage(tx, { consultationId, author: message.author, authorId: viewer.id, body: message.body });
      const attachments = await insertThreadAttachments(
        tx,
        message.uploads.map((upload) => ({
          messageId: inserted.id,
          storagePath: upload.storageKey,
          originalName: upload.originalName,
          contentType: upload.contentType,
          sizeBytes: upload.sizeBytes,
        })),
      );
      await inside(tx, { message: inserted, isFirst });
      return toMessage(inserted, attachments);
    });
  } catch (error) {
    await Promise.all(message.uploads.map((upload) => storage.remove(upload.storageKey).catch(() => {})));
    throw error;
  }
}

/** The client's question, or a follow-up while the consultation is open: kept in the thread and mailed to the firm. */
export function sendClientQuestion(
  deps: Pick<ConsultationThreadDeps, 'db' | 'storage' | 'mails'>,
  client: Viewer,
  consultationId: string,
  input: ConsultationMessageInput,
  uploads: StoredUpload[],
): Promise<ConsultationMessage> {
  return keepMessage(deps, client, consultationId, { author: 'client', body: input.body, uploads }, async (tx, { isFirst }) => {
    const person = await threadClient(tx, consultationId);
    if (person) {
      await deps.mails.clientQuestion(tx, { client: person, body: input.body, files: uploads.map((upload) => upload.originalName), isFollowUp: !isFirst });
    }
  });
}

/** The consultation's client, for the mails: the firm is told who wrote, the client is answered in their language. */
async function threadClient(db: Db, consultationId: string) {
  const userId = await findConsultationClientId(db, consultationId);
  const holder = userId ? await accountHolder({ db }, userId) : undefined;
  return holder && { email: holder.email, firstName: holder.firstName, lastName: holder.lastName, phone: holder.phone, language: holder.language };
}

/**
 * The firm's answer: kept in the thread with its audit row and mailed to the client in their
 * language; the first one stops the reply timer (answered_at), once. There must be a question to answer.
 */
export function sendFirmAnswer(
  deps: Pick<ConsultationThreadDeps, 'db' | 'storage' | 'mails' | 'now'>,
  admin: Actor,
  consultationId: string,
  input: ConsultationMessageInput,
  uploads: StoredUpload[],
): Promise<ConsultationMessage> {
  return keepMessage(deps, admin, consultationId, { author: 'firm', body: input.body, uploads }, async (tx, { message }) => {
    if ((await countThreadMessages(tx, consultationId, 'client')) === 0) throw new AppError('conflict', 'consultation-thread:errors.noQuestion');
    await markAnswered(tx, consultationId, deps.now());
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'REPLY',
      targetTable: 'consultations',
      targetId: consultationId,
      details: { messageId: message.id, attachments: uploads.length },
    });
    const person = await threadClient(tx, consultationId);
    if (person) await deps.mails.firmAnswer(tx, { client: person, body: input.body, files: uploads.map((upload) => upload.originalName) });
  });
}

/** The bytes of one file of a thread the viewer may reach. */
export async function openConsultationAttachment(
  { db, storage }: Pick<ConsultationThreadDeps, 'db' | 'storage'>,
  viewer: Viewer,
  consultationId: string,
  attachmentId: string,
): Promise<{ attachment: ConsultationAttachment; content: Readable }> {
  await threadConsultation(db, viewer, consultationId);
  const row = await findThreadAttachment(db, consultationId, attachmentId);
  if (!row) throw new AppError('notFound');
  try {
    return { attachment: toAttachment(row), content: await storage.read(row.storagePath) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('notFound');
    throw error;
  }
}

/**
 * The storage keys of a consultation's thread files, read in the transaction that deletes it (its
 * rows go with it) once the consultation is locked, so a message being added is either listed or refused.
 */
export async function consultationAttachmentKeys({ db }: Pick<ConsultationThreadDeps, 'db'>, consultationId: string): Promise<string[]> {
  await findThreadConsultation(db, consultationId, { isLocked: true });
  return listThreadStorageKeys(db, consultationId);
}

/** Removes the files of a deleted consultation: one that cannot be removed is logged, never left reachable (its row is gone). */
export async function removeConsultationAttachments({ storage, log }: Pick<ConsultationThreadDeps, 'storage' | 'log'>, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'could not remove a deleted consultation file'))),
  );
}
