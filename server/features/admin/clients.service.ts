import type { ClientRow } from '#common/admin/clients.contract.ts';
import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import type { Role } from '#common/auth/auth.contract.ts';
import { isStaffRole } from '#common/auth/staff-roles.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { accountsPage, changeAccountRole, lockAccountForRoleChange } from '#server/features/auth/accounts.service.ts';
import { caseCountsByClient } from '#server/features/cases/cases.service.ts';
import { consultationCountsByClient } from '#server/features/consultations/consultations.service.ts';
import { paidCountsByClient } from '#server/features/payments/payments.service.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';

export type ClientsDeps = { db: Db };

export async function clientsPage({ db }: ClientsDeps, query: AdminListQuery): Promise<Page<ClientRow>> {
  const { rows, total } = await accountsPage({ db }, query);
  const userIds = rows.map((user) => user.id);
  // Each feature counts its own records of the page's accounts; 'Pagos' counts what was paid.
  const [cases, consultations, payments] = await Promise.all([
    caseCountsByClient({ db }, userIds),
    consultationCountsByClient({ db }, userIds),
    paidCountsByClient({ db }, userIds),
  ]);
  return adminPage(
    query,
    rows.map((user) => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      role: user.role,
      isEmailVerified: user.emailVerified,
      cases: cases(user.id),
      consultations: consultations(user.id),
      payments: payments(user.id),
      createdAt: user.createdAt.toISOString(),
    })),
    total,
  );
}

/**
 * Makes an account admin or takes that away; never one's own, so the firm cannot lock itself out by
 * mistake, and only a confirmed account becomes admin (its owner proved the address). The new
 * admin sets up a second factor before the back office opens (ADR 029).
 */
export async function changeRole({ db }: ClientsDeps, admin: Actor, userId: string, role: Role): Promise<void> {
  if (userId === admin.id) throw new AppError('forbidden', 'admin:clients.ownRole');
  await db.transaction(async (tx) => {
    const account = await lockAccountForRoleChange({ db: tx }, userId);
    if (!account) throw new AppError('notFound');
    if (isStaffRole(role) && !account.isEmailVerified) throw new AppError('conflict', 'admin:clients.unconfirmedAccount');
    if (account.role === role) return;
    await changeAccountRole({ db: tx }, userId, role);
    await recordAudit(
      { db: tx },
      { actor: admin, action: 'ROLE_CHANGE', targetTable: 'users', targetId: userId, details: { from: account.role, to: role, name: account.name, email: account.email } },
    );
  });
}
