import type { Page } from '#common/admin/paging.contract.ts';
import type { Assignee, AssignedListQuery, AssigneeInput } from '#common/assignees/assignees.contract.ts';
import type { TranslationRequestRow } from '#common/translations/translations.contract.ts';
import { assignWork, type AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import {
  deleteTranslationRequest,
  findTranslationRequest,
  listTranslationDocuments,
  listTranslationRequests,
  listUnansweredTranslationRequests,
  markTranslationRequestAnswered,
  setTranslationRequestAssignee,
  type TranslationDocumentRow,
  type TranslationRequestRow as RequestRow,
} from './translations.repository.ts';
import { toDocument, type TranslationsDeps } from './translations.service.ts';

function toRow(row: RequestRow, documents: TranslationDocumentRow[]): TranslationRequestRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    sourceLanguage: row.sourceLanguage,
    destinationLanguage: row.destinationLanguage,
    isSworn: row.isSworn,
    textToTranslate: row.textToTranslate,
    documents: documents.filter((document) => document.translationRequestId === row.id).map(toDocument),
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    assigneeId: row.assigneeId,
  };
}

export async function translationRequestsPage({ db }: Pick<TranslationsDeps, 'db'>, staff: Actor, query: AssignedListQuery): Promise<Page<TranslationRequestRow>> {
  const { rows, documents, total } = await listTranslationRequests(db, query, staff.id);
  return adminPage(query, rows.map((row) => toRow(row, documents)), total);
}

/**
 * Deletes the request with its audit row in one transaction, then its stored files: a file that
 * cannot be removed is logged, never left reachable (its row is gone).
 */
export async function removeTranslationRequest(
  { db, storage, log }: Pick<TranslationsDeps, 'db' | 'storage' | 'log'>,
  admin: Actor,
  id: string,
): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const result = await deleteTranslationRequest(tx, id);
    if (!result) throw new AppError('notFound');
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'DELETE',
      targetTable: 'translation_requests',
      targetId: id,
      details: { name: result.request.name, email: result.request.email, documents: result.storageKeys.length },
    });
    return result;
  });
  await Promise.all(
    deleted.storageKeys.map((key) =>
      storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'could not remove a deleted request file')),
    ),
  );
}

/** The firm sent the quote: the request's reply timer stops, with the audit row. Once only: marking it again changes nothing. */
export async function markTranslationAnswered({ db }: Pick<TranslationsDeps, 'db'>, admin: Actor, id: string): Promise<TranslationRequestRow> {
  return db.transaction(async (tx) => {
    const marked = await markTranslationRequestAnswered(tx, id, new Date());
    if (marked) {
      await recordAudit({ db: tx }, { actor: admin, action: 'MARK_ANSWERED', targetTable: 'translation_requests', targetId: id, details: { name: marked.name, email: marked.email } });
    }
    const row = marked ?? (await findTranslationRequest(tx, id));
    if (!row) throw new AppError('notFound');
    return toRow(row, await listTranslationDocuments(tx, id));
  });
}

/** The requests waiting for the firm's quote, for their reply timers. */
export async function unansweredTranslationRequests({ db }: Pick<TranslationsDeps, 'db'>): Promise<Array<{ id: string; name: string; receivedAt: Date; assigneeId: string | null }>> {
  return (await listUnansweredTranslationRequests(db)).map((row) => ({ id: row.id, name: row.name, receivedAt: row.createdAt, assigneeId: row.assigneeId }));
}

/** Who handles a request: assigned, reassigned or sent back to the unassigned queue (assignees.service.ts). */
export function assignTranslationRequest({ assignees }: { assignees: AssigneesDeps }, staff: Actor, id: string, input: AssigneeInput): Promise<Assignee> {
  return assignWork(assignees, staff, { kind: 'translation-requests', id, set: (tx, assigneeId) => setTranslationRequestAssignee(tx, id, assigneeId) }, input);
}
