import { adminPageSize, type AdminListQuery, type Page } from '#common/admin/paging.contract.ts';
import type { TranslationRequestRow } from '#common/translations/translations.contract.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Actor } from '#server/plugins/actor.ts';
import { deleteTranslationRequest, listTranslationRequests } from './translations.repository.ts';
import { toDocument, type TranslationsDeps } from './translations.service.ts';

export async function translationRequestsPage({ db }: Pick<TranslationsDeps, 'db'>, query: AdminListQuery): Promise<Page<TranslationRequestRow>> {
  const { rows, documents, total } = await listTranslationRequests(db, query);
  return {
    items: rows.map((row) => ({
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
    })),
    total,
    page: query.page,
    pageSize: adminPageSize,
  };
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
