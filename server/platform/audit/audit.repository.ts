import { count, desc, eq, inArray } from 'drizzle-orm';
import type { AuditAction } from '#common/audit/audit.contract.ts';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Db } from '#server/db/client.ts';
import { pageWindow } from '#server/db/paging.ts';
import { auditLogs } from '#server/db/schema/audit.ts';
import { users } from '#server/db/schema/auth.ts';

export type NewAuditEntry = {
  /**
   * Who acted (an admin, or a client on their own account) and the address they acted from; null
   * for the background worker's own work, and no address where keeping it would keep personal data.
   */
  actor: { id: string; ip: string | null } | null;
  action: AuditAction;
  targetTable: string;
  targetId: string;
  details?: Record<string, unknown>;
};

/** Call inside the transaction of the change it records. */
export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  const { actor, ...rest } = entry;
  await db.insert(auditLogs).values({ ...rest, adminId: actor?.id ?? null, ipAddress: actor?.ip ?? null, details: entry.details ?? null });
}

export async function listAuditEntries(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ entry: auditLogs, adminName: users.name, adminEmail: users.email })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.adminId))
    .orderBy(desc(auditLogs.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(auditLogs);
  return { rows, total: total?.value ?? 0 };
}

/** The names of the accounts some entries are about. */
export async function accountNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  // An erased account has no name left: the entry then names only the kind of record.
  return new Map(rows.flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
}
