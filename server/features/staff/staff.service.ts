import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '#common/auth/staff-roles.ts';
import type { Deactivation, InvitationAccept, InvitationView, StaffInvitationInput, StaffOverview } from '#common/staff/staff.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { AuthDeps } from '#server/features/auth/auth.service.ts';
import { staffAccounts } from '#server/features/auth/staff-accounts.service.ts';
import { releaseCasesOf } from '#server/features/cases/cases.service.ts';
import { releaseChatConversationsOf } from '#server/features/chat/chat.service.ts';
import { releaseConsultationsOf } from '#server/features/consultations/consultations.admin.service.ts';
import { releaseContactRequestsOf } from '#server/features/contact/contact.service.ts';
import { releaseQuotesOf } from '#server/features/quotes/quotes.service.ts';
import { releaseTranslationRequestsOf } from '#server/features/translations/translations.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { StaffMails } from './staff.mails.ts';
import { claimInvitation, findOpenInvitation, insertInvitation, listOpenInvitations, revokeInvitation, unclaimInvitation } from './staff.repository.ts';

export type StaffDeps = { db: Db; auth: AuthDeps['auth']; mails: StaffMails; now: () => Date };

/** An invitation's link lives a week. */
const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The Equipo tab: every staff member (active or not) and the invitations still open. */
export async function staffOverview({ db, now }: Pick<StaffDeps, 'db' | 'now'>): Promise<StaffOverview> {
  const [members, invitations] = await Promise.all([staffAccounts.list(db), listOpenInvitations(db, now())]);
  return {
    members: members.flatMap((member) =>
      member.role === 'user'
        ? []
        : [{ id: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email, role: member.role, hasTwoFactor: member.twoFactorEnabled, isActive: member.deactivatedAt === null }],
    ),
    invitations: invitations.map((invitation) => ({ ...invitation, expiresAt: invitation.expiresAt.toISOString() })),
  };
}

/**
 * Mails a person the link that makes their staff account, with the role the owner chose. An
 * address that already has an account is refused: a client does not become staff by a mail.
 */
export async function invite({ db, mails, now }: StaffDeps, owner: Actor, input: StaffInvitationInput): Promise<{ id: string }> {
  const email = input.email.trim().toLowerCase();
  if (await staffAccounts.hasAccount(db, email)) throw new AppError('conflict', 'staff:errors.accountExists');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now().getTime() + invitationLifetimeMs);
  return db.transaction(async (tx) => {
    const row = await insertInvitation(tx, { email, role: input.role, tokenHash: hashOf(token), invitedBy: owner.id, expiresAt });
    if (!row) throw new Error('the invitation was not stored');
    await mails.invitation(tx, { email, role: input.role, language: input.language, inviter: `${owner.firstName} ${owner.lastName}`.trim(), token, expiresAt });
    await recordAudit({ db: tx }, { actor: owner, action: 'STAFF_INVITE', targetTable: 'staff_invitations', targetId: row.id, details: { email, from: null, to: input.role } });
    return row;
  });
}

export async function revoke({ db, now }: Pick<StaffDeps, 'db' | 'now'>, owner: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await revokeInvitation(tx, id, now());
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: owner, action: 'STAFF_INVITE_REVOKE', targetTable: 'staff_invitations', targetId: id, details: { email: row.email, from: row.role, to: null } });
  });
}

/** What the link shows: the address and role it makes; an unknown, used, revoked or expired link is 404. */
export async function invitationByToken({ db, now }: Pick<StaffDeps, 'db' | 'now'>, token: string): Promise<InvitationView> {
  const row = await findOpenInvitation(db, hashOf(token), now());
  if (!row) throw new AppError('notFound');
  return { email: row.email, role: row.role };
}

/**
 * Makes the invited person's confirmed account with its first password and the role; they sign in
 * next and set up the second factor before the back office opens (ADR 029). The link works once:
 * it is claimed before the account is made (Better Auth writes on its own connection), and given
 * back if that fails.
 */
export async function acceptInvitation({ db, auth, now }: StaffDeps, token: string, input: InvitationAccept, ip: string): Promise<{ email: string }> {
  const row = await claimInvitation(db, hashOf(token), now());
  if (!row) throw new AppError('notFound');
  try {
    if (await staffAccounts.hasAccount(db, row.email)) throw new AppError('conflict', 'staff:errors.accountExists');
    const account = await staffAccounts.create(auth, db, { email: row.email, password: input.password, firstName: input.firstName, lastName: input.lastName, phone: input.phone, role: row.role });
    await recordAudit({ db }, { actor: { id: account.id, ip }, action: 'STAFF_INVITE_ACCEPT', targetTable: 'users', targetId: account.id, details: { email: row.email, from: null, to: row.role } });
    return { email: row.email };
  } catch (error) {
    await unclaimInvitation(db, row.id);
    throw error;
  }
}

/** Another staff member's role (never one's own, so the firm keeps an owner); the sessions stay, the next request acts in the new role. */
export async function changeStaffRole({ db }: Pick<StaffDeps, 'db'>, owner: Actor, userId: string, role: StaffRole): Promise<void> {
  if (userId === owner.id) throw new AppError('forbidden', 'staff:errors.ownAccount');
  await db.transaction(async (tx) => {
    const account = await staffAccounts.lock(tx, userId);
    if (!account || account.role === 'user') throw new AppError('notFound');
    if (account.role === role) return;
    await staffAccounts.setRole(tx, userId, role);
    await recordAudit({ db: tx }, { actor: owner, action: 'ROLE_CHANGE', targetTable: 'users', targetId: userId, details: { from: account.role, to: role, name: account.name, email: account.email } });
  });
}

/** Every kind of work a person may hold, given back by its owner feature to its unassigned queue. */
async function releaseWorkOf(tx: Tx, userId: string): Promise<Deactivation['released']> {
  return {
    cases: await releaseCasesOf(tx, userId),
    consultations: await releaseConsultationsOf(tx, userId),
    quotes: await releaseQuotesOf(tx, userId),
    translationRequests: await releaseTranslationRequestsOf(tx, userId),
    contactRequests: await releaseContactRequestsOf(tx, userId),
    chats: await releaseChatConversationsOf(tx, userId),
  };
}

/**
 * Deactivates another staff member: their sessions end at once and no new one is made, and the
 * work they held goes back to the unassigned queues (each "Hoy" lists it for whoever may take it).
 * Answers how much of each kind, which the audit row keeps too.
 */
export async function deactivateStaff({ db, now }: Pick<StaffDeps, 'db' | 'now'>, owner: Actor, userId: string): Promise<Deactivation> {
  if (userId === owner.id) throw new AppError('forbidden', 'staff:errors.ownAccount');
  return db.transaction(async (tx) => {
    const account = await staffAccounts.lock(tx, userId);
    if (!account || account.role === 'user') throw new AppError('notFound');
    const released = await releaseWorkOf(tx, userId);
    if (account.deactivatedAt) return { released };
    await staffAccounts.deactivate(tx, userId, now());
    await recordAudit(
      { db: tx },
      { actor: owner, action: 'STAFF_DEACTIVATE', targetTable: 'users', targetId: userId, details: { from: true, to: false, role: account.role, name: account.name, email: account.email, released } },
    );
    return { released };
  });
}
