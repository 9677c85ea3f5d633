import { count, desc, eq } from 'drizzle-orm';
import type { AuditAction } from '#common/audit/audit.contract.ts';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Db } from '#server/db/client.ts';
import { pageWindow } from '#server/db/paging.ts';
import { auditLogs, users } from '#server/db/schema/index.ts';

export type NewAuditEntry = {
  /** The admin who acted, and the address they acted from. */
  actor: { id: string; ip: string };
  action: AuditAction;
  targetTable: string;
  targetId: string;
  details?: Record<string, unknown>;
};

/** Call inside the transaction of the change it records. */
export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  const { actor, ...rest } = entry;
  await db.insert(auditLogs).values({ ...rest, adminId: actor.id, ipAddress: actor.ip, details: entry.details ?? null });
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
