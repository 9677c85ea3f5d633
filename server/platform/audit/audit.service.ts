import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import type { AuditAction, AuditEntry } from '#common/audit/audit.contract.ts';
import type { Db } from '#server/db/client.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { auditDetails, auditTargetKind, auditTargetName } from './audit-details.ts';
import { accountNames, insertAuditEntry, listAuditEntries, type NewAuditEntry } from './audit.repository.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AuditDeps = { db: Db };

/**
 * What the Auditoría tab needs besides the log: whose the consultations some entries are about,
 * answered by the consultations feature (the platform reads no feature's tables).
 */
export type AuditPageDeps = AuditDeps & { consultationNames: (ids: string[]) => Promise<Map<string, string>> };

/** Writes the audit row of an admin's change; pass the transaction that makes the change (`{ db: tx }`). */
export function recordAudit({ db }: AuditDeps, entry: NewAuditEntry): Promise<void> {
  return insertAuditEntry(db, entry);
}

/**
 * One page of the audit log as the Auditoría tab reads it: what was done, to which record (by its
 * kind and, when it can be known, whose or which it is) and the details as labelled fields.
 */
export async function auditPage({ db, consultationNames }: AuditPageDeps, query: AdminListQuery): Promise<Page<AuditEntry>> {
  const { rows, total } = await listAuditEntries(db, query);
  const idsOf = (table: string) => [...new Set(rows.filter(({ entry }) => entry.targetTable === table).map(({ entry }) => entry.targetId))];
  const [accounts, consultationsNamed] = await Promise.all([
    accountNames(db, idsOf('users')),
    consultationNames(idsOf('consultations').filter((id) => uuidPattern.test(id))),
  ]);
  return adminPage(
    query,
    rows.map(({ entry, adminName, adminEmail }) => {
      const action = entry.action as AuditAction;
      const details = (entry.details as Record<string, unknown> | null) ?? null;
      const kind = auditTargetKind(entry.targetTable);
      const knownName = (kind === 'account' ? accounts : consultationsNamed).get(entry.targetId) ?? null;
      return {
        id: entry.id,
        action,
        target: { kind, name: auditTargetName(kind, entry.targetId, details ?? {}, knownName) },
        details: auditDetails(action, details),
        // An erased account keeps no name: it reads as a deleted one.
        admin: adminEmail && adminName ? { name: adminName, email: adminEmail } : null,
        ipAddress: entry.ipAddress,
        createdAt: entry.createdAt.toISOString(),
      };
    }),
    total,
  );
}
