import type { FastifyBaseLogger } from 'fastify';
import type { AccountDeletion } from '#common/profile/account-deletion.contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { checkCurrentPassword, clearedSessionCookies } from '#server/features/auth/auth.current-password.service.ts';
import { countOtherAdmins, lockAccount } from '#server/features/auth/auth.personal-data.service.ts';
import type { AuthDeps, AuthRequest } from '#server/features/auth/auth.service.ts';
import { hasOpenCheckout } from '#server/features/payments/payments.personal-data.service.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { erasePersonalData } from './personal-data.service.ts';

export type AccountDeletionDeps = Pick<AuthDeps, 'auth'> & { db: Db; storage: Storage; log: FastifyBaseLogger; now: Clock };

/** A provider's checkout session lives a day (Stripe's default, and the test provider's). */
const checkoutLifetimeMs = 24 * 60 * 60 * 1000;

/** The address an erased account keeps: unique, and one no mail can ever reach (RFC 2606's .invalid). */
function erasedAccountEmail(userId: string): string {
  return `cuenta-eliminada-${userId}@eliminada.invalid`;
}

/**
 * The right to erasure (ADR 021): with the current password typed again, the person's documents
 * (rows and files), messages, requests and profile are erased in one transaction; what the law
 * makes the firm keep stays (payments, refunds and invoices as issued, and the bare cases,
 * consultations and quotes they name), tied to an account row that keeps no personal data and
 * that nobody can sign in to. Answers the cookies that clear the browser's session.
 */
export async function deleteOwnAccount(deps: AccountDeletionDeps, request: AuthRequest, user: Actor, input: AccountDeletion): Promise<string[]> {
  const { db, storage, log, now } = deps;
  const password = await checkCurrentPassword(deps, request, user.id, input.password);
  if (password === 'none') throw new AppError('conflict', 'account-data:deletion.errors.noPassword');
  if (password === 'wrong') throw new AppError('wrongPassword');

  const fileKeys = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, user.id);
    if (!account) throw new AppError('notFound');
    if (account.role === 'owner' && (await countOtherAdmins(tx, user.id)) === 0) throw new AppError('conflict', 'account-data:deletion.errors.lastAdmin');
    if (await hasOpenCheckout(tx, user.id, new Date(now().getTime() - checkoutLifetimeMs))) {
      throw new AppError('conflict', 'account-data:deletion.errors.openCheckout');
    }
    const person = { id: account.id, email: account.email };
    const keys = await erasePersonalData(tx, person, { erasedEmail: erasedAccountEmail(account.id), now: now() });
    // Counts only: the entry must not keep what it records the erasure of.
    await recordAudit({ db: tx }, {
      actor: { id: account.id, ip: null },
      action: 'ACCOUNT_DELETE',
      targetTable: 'users',
      targetId: account.id,
      details: { documents: keys.length },
    });
    return keys;
  });

  // After the commit, as for every deleted record (ADR 006): a file left behind is logged, never kept silently.
  await Promise.all(
    fileKeys.map((key) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, 'could not remove a file of an erased account'))),
  );
  log.info({ event: 'account-deleted', files: fileKeys.length }, 'account erased by its holder');
  return clearedSessionCookies(deps, request);
}
