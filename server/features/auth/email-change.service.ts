import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { UndoEmailChange, UndoneEmailChange } from '#common/auth/auth.contract.ts';
import { maskEmail } from '#common/mail/masked-email.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { authLimits } from './auth.limits.ts';
import { checkCurrentPassword } from './auth.current-password.service.ts';
import type { AuthMails } from './auth.mails.ts';
import { findLatestMark, findMailRecipient, findUserEmail, hasPassword, isEmailTakenByAnother, restoreEmail } from './auth.repository.ts';
import { requestPasswordReset, type AuthDeps, type AuthRequest } from './auth.service.ts';
import { emailConfirmationSeconds, undoEmailChangePrefix } from './better-auth.ts';
import { withRequestLanguage } from './request-language.ts';

/** The notice to the old address and its undo link need the account mails and the site's address. */
export type EmailChangeDeps = AuthDeps & { mails: AuthMails; appUrl: string };

const day = 24 * 60 * 60 * 1000;
/** How long the old address may undo a change. */
const undoLifetimeMs = 7 * day;

/** Marks an account whose e-mail change was undone: change links issued before it are refused. */
const undoneMark = (userId: string) => `email-change-undone:${userId}`;

/** What the link confirming a new e-mail says: the account, its address then, the new one, when it was issued. */
export type EmailChangeLink = { userId: string; email: string; updateTo: string; issuedAt: number };

/** What an undo link's verification value holds. */
type UndoValue = { userId: string; oldEmail: string; newEmail: string };

/**
 * A current password typed to change the e-mail is a password guess: counted with the sign-in's,
 * per client address and per account address, so a stolen session cannot try more than a sign-in form.
 */
export const currentPasswordLimits = { perIp: authLimits.signInPerIp, perAccount: authLimits.signInPerAccount };

export function accountHasPassword({ db }: Pick<AuthDeps, 'db'>, userId: string): Promise<boolean> {
  return hasPassword(db, userId);
}

/**
 * Starts an e-mail change for the signed-in account once its current password is checked (a stolen
 * session alone cannot move the account): the new address gets a confirmation link and nothing
 * changes until it is followed. An account without a password yet cannot change its e-mail. An
 * address that belongs to another account gets the same answer and no mail, so the profile form
 * cannot be used to learn who is a client.
 */
export async function startEmailChange(
  { auth, db, log }: AuthDeps,
  request: AuthRequest,
  { userId, newEmail, currentPassword }: { userId: string; newEmail: string; currentPassword: string | undefined },
): Promise<void> {
  const password = currentPassword
    ? await checkCurrentPassword({ auth, db }, request, userId, currentPassword)
    : (await hasPassword(db, userId)) ? 'missing' : 'none';
  if (password === 'none') throw new AppError('forbidden', 'auth:emailChange.noPassword');
  if (password === 'missing') throw new AppError('wrongPassword', 'auth:emailChange.passwordRequired');
  if (password === 'wrong') {
    log.info({ event: 'change-email-refused', code: 'wrong-password', userId, ip: request.ip }, 'e-mail change not started');
    throw new AppError('wrongPassword');
  }
  await withRequestLanguage(request.language, () =>
    auth.api.changeEmail({ body: { newEmail, callbackURL: '/perfil' }, headers: request.headers }),
  ).catch((error: unknown) => {
    if (!(error instanceof APIError)) throw error;
    log.info({ event: 'change-email-refused', code: error.body?.code }, 'e-mail change not started');
  });
}

/**
 * The change a link confirming a new e-mail makes, read from its token without checking it: Better
 * Auth checks the token when the link is followed, and this only decides what to do around that.
 * Undefined for any other link (a sign-up's confirmation has no `updateTo`).
 */
export function emailChangeOf(token: string | null): EmailChangeLink | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { userId, email, updateTo, iat } = claims;
    if (typeof userId !== 'string' || typeof email !== 'string' || typeof updateTo !== 'string' || typeof iat !== 'number') return undefined;
    return { userId, email, updateTo, issuedAt: iat };
  } catch {
    return undefined;
  }
}

/**
 * Follows a link confirming a new e-mail through Better Auth (`follow`) and, when it moved the
 * account, tells the old address. Undefined, without following it, for a link issued before the
 * account's last undone change: whoever moved the account could otherwise move it again with the
 * link they still hold.
 */
export async function followEmailChangeLink<T>(deps: EmailChangeDeps, link: EmailChangeLink, ip: string, follow: () => Promise<T>): Promise<T | undefined> {
  const undoneAt = await findLatestMark(deps.db, undoneMark(link.userId), new Date());
  if (undoneAt && link.issuedAt <= Math.floor(undoneAt.getTime() / 1000)) {
    deps.log.warn({ event: 'change-email-link-refused', userId: link.userId }, 'e-mail change link issued before an undo');
    return undefined;
  }
  const before = await findUserEmail(deps.db, link.userId);
  const followed = await follow();
  if (before === link.email && (await findUserEmail(deps.db, link.userId)) === link.updateTo) {
    await noticeEmailChanged(deps, { userId: link.userId, oldEmail: link.email, newEmail: link.updateTo }, ip);
  }
  return followed;
}

/**
 * Mails the address the account left, in the person's language, where it went (masked), when, and
 * a link to undo the change for 7 days: a random secret kept as a Better Auth verification value,
 * hashed (better-auth.ts), used once. The notice and the audit row are written together.
 */
async function noticeEmailChanged({ auth, db, log, mails, appUrl }: EmailChangeDeps, change: UndoValue, ip: string): Promise<void> {
  const person = await findMailRecipient(db, change.userId);
  if (!person) return;
  const token = randomBytes(32).toString('base64url');
  const changedAt = new Date();
  const undoUntil = new Date(changedAt.getTime() + undoLifetimeMs);
  const context = await auth.$context;
  // Made first and on its own: were the transaction below to fail, nobody would ever hold this secret.
  await context.internalAdapter.createVerificationValue({ identifier: `${undoEmailChangePrefix}${token}`, value: JSON.stringify(change), expiresAt: undoUntil });
  await db.transaction(async (tx) => {
    await mails.emailChanged(tx, { email: change.oldEmail, firstName: person.firstName, language: person.language }, {
      maskedEmail: maskEmail(change.newEmail),
      changedAt,
      undoUrl: `${appUrl}/deshacer-cambio-email?token=${token}`,
      undoUntil,
    });
    await recordAudit({ db: tx }, { actor: { id: change.userId, ip }, action: 'EMAIL_CHANGE', targetTable: 'users', targetId: change.userId, details: { email: change.newEmail } });
  });
  log.info({ event: 'email-changed', userId: change.userId }, 'e-mail changed, old address told');
}

function parseUndoValue(value: string): UndoValue | undefined {
  try {
    const parsed = JSON.parse(value) as Partial<UndoValue>;
    return typeof parsed.userId === 'string' && typeof parsed.oldEmail === 'string' && typeof parsed.newEmail === 'string'
      ? { userId: parsed.userId, oldEmail: parsed.oldEmail, newEmail: parsed.newEmail }
      : undefined;
  } catch {
    return undefined;
  }
}

const invalidUndoLink = () => new AppError('invalidToken', 'auth:undoEmailChange.invalidLink');
const addressTaken = () => new AppError('conflict', 'auth:undoEmailChange.addressTaken');

/**
 * The old address undoes an e-mail change: the account gets that address back, every one of its
 * sessions ends, its password stops working (whoever moved the account knew it) and the reset
 * links issued meanwhile die, the change links issued before now are refused, all in one
 * transaction with the audit row; then the restored address is mailed the link to choose a new
 * password. Refused, changing nothing, when another account has taken the address meanwhile.
 */
export async function undoEmailChange({ auth, db, log }: AuthDeps, request: AuthRequest, input: UndoEmailChange): Promise<UndoneEmailChange> {
  const identifier = `${undoEmailChangePrefix}${input.token}`;
  const context = await auth.$context;
  const stored = await context.internalAdapter.findVerificationValue(identifier);
  const undo = stored && stored.expiresAt > new Date() ? parseUndoValue(stored.value) : undefined;
  if (!undo) throw invalidUndoLink();
  // Checked before the link is used, so that a refused undo can be tried again once the firm has helped.
  if (await isEmailTakenByAnother(db, undo.oldEmail, undo.userId)) throw addressTaken();
  if (!(await context.internalAdapter.consumeVerificationValue(identifier))) throw invalidUndoLink();

  const unusablePasswordHash = await context.password.hash(randomBytes(32).toString('base64url'));
  const now = new Date();
  await db.transaction(async (tx) => {
    if (await isEmailTakenByAnother(tx, undo.oldEmail, undo.userId)) throw addressTaken();
    const isRestored = await restoreEmail(tx, {
      userId: undo.userId,
      email: undo.oldEmail,
      unusablePasswordHash,
      markIdentifier: undoneMark(undo.userId),
      markExpiresAt: new Date(now.getTime() + emailConfirmationSeconds * 1000),
      now,
    });
    if (!isRestored) throw invalidUndoLink();
    await recordAudit({ db: tx }, {
      actor: { id: undo.userId, ip: request.ip },
      action: 'EMAIL_CHANGE_UNDO',
      targetTable: 'users',
      targetId: undo.userId,
      details: { email: undo.oldEmail },
    });
  });
  log.warn({ event: 'email-change-undone', userId: undo.userId, ip: request.ip }, 'e-mail change undone from the old address');
  await requestPasswordReset({ auth, db, log }, request, { email: undo.oldEmail });
  return { email: undo.oldEmail };
}
