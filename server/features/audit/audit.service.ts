import { adminPageSize, type AdminListQuery, type Page } from '#common/admin/paging.contract.ts';
import type { AuditAction, AuditEntry } from '#common/audit/audit.contract.ts';
import type { Db } from '#server/db/client.ts';
import { insertAuditEntry, listAuditEntries, type NewAuditEntry } from './audit.repository.ts';

export type AuditDeps = { db: Db };

/** Writes the audit row of an admin's change; pass the transaction that makes the change (`{ db: tx }`). */
export function recordAudit({ db }: AuditDeps, entry: NewAuditEntry): Promise<void> {
  return insertAuditEntry(db, entry);
}

export async function auditPage({ db }: AuditDeps, query: AdminListQuery): Promise<Page<AuditEntry>> {
  const { rows, total } = await listAuditEntries(db, query);
  return {
    items: rows.map(({ entry, adminName, adminEmail }) => ({
      id: entry.id,
      action: entry.action as AuditAction,
      targetTable: entry.targetTable,
      targetId: entry.targetId,
      details: (entry.details as Record<string, unknown> | null) ?? null,
      admin: adminEmail ? { name: adminName ?? '', email: adminEmail } : null,
      ipAddress: entry.ipAddress,
      createdAt: entry.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: adminPageSize,
  };
}
