import { adminPageSize, type AdminListQuery, type Page } from '#common/admin/paging.contract.ts';
import type { ContactRequestRow } from '#common/contact/contact.contract.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Actor } from '#server/plugins/actor.ts';
import { deleteContactSubmission, listContactSubmissions } from './contact.repository.ts';
import type { ContactDeps } from './contact.service.ts';

export async function contactRequestsPage({ db }: Pick<ContactDeps, 'db'>, query: AdminListQuery): Promise<Page<ContactRequestRow>> {
  const { rows, total } = await listContactSubmissions(db, query);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: adminPageSize,
  };
}

/** Deletes the request and writes its audit row in one transaction. */
export async function removeContactRequest({ db }: Pick<ContactDeps, 'db'>, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteContactSubmission(tx, id);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'DELETE', targetTable: 'contact_form_submissions', targetId: id, details: { name: row.name, email: row.email } });
  });
}
