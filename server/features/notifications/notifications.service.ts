import { isNotificationKind, notificationKinds, type NotificationKind, type NotificationPreferences } from '#common/notifications/notifications.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db } from '#server/db/client.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { NoticePreferences } from '#server/platform/mail/mail.service.ts';
import { deleteOptOuts, insertOptOuts, listOptOuts, optedOutKinds } from './notifications.repository.ts';
import { unsubscribeActions } from './unsubscribe-page.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

export type NotificationsDeps = { db: Db; secret: string };

/** The choices the outbox honours (server/platform/mail): the one place a mail the client may turn off is let through or not. */
export function noticePreferences(config: Pick<AppConfig, 'appUrl'>, secret: string): NoticePreferences {
  return {
    wantedByEmail: async (executor, userId, kinds) => {
      const off = new Set(await optedOutKinds(executor, userId, 'email', kinds));
      return kinds.filter((kind) => !off.has(kind));
    },
    unsubscribeUrl: (userId, kinds) => `${config.appUrl}${unsubscribeActions.unsubscribe}?token=${unsubscribeToken(secret, userId, kinds)}`,
  };
}

/** The account's choices, every kind on but those it turned off. */
export async function notificationPreferences({ db }: Pick<NotificationsDeps, 'db'>, userId: string): Promise<NotificationPreferences> {
  const off = await listOptOuts(db, userId);
  return Object.fromEntries(
    notificationKinds.map((kind) => [kind, { email: !off.some((row) => row.kind === kind && row.channel === 'email') }]),
  ) as NotificationPreferences;
}

/** Saves the account's choices from /perfil; answers them as saved. */
export async function saveNotificationPreferences({ db }: Pick<NotificationsDeps, 'db'>, userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  await db.transaction(async (tx) => {
    await insertOptOuts(tx, userId, 'email', notificationKinds.filter((kind) => !preferences[kind].email));
    await deleteOptOuts(tx, userId, 'email', notificationKinds.filter((kind) => preferences[kind].email));
  });
  return notificationPreferences({ db }, userId);
}

/** Whom and what kinds a link's token names (what its page shows before anything changes: a mail scanner may open it), refused (400) when it was not signed here or names a kind nobody may turn off. */
export async function unsubscribeLink({ db, secret }: NotificationsDeps, token: string): Promise<{ userId: string; kinds: NotificationKind[]; language: Language }> {
  const target = readUnsubscribeToken(secret, token);
  if (!target || target.kinds.length === 0 || !target.kinds.every(isNotificationKind)) throw new AppError('invalidToken');
  const holder = await accountHolder({ db }, target.userId);
  if (!holder) throw new AppError('invalidToken');
  return { userId: target.userId, kinds: target.kinds.filter(isNotificationKind), language: holder.language };
}

/**
 * The link's one click (RFC 8058) or the page's button: turns the kinds off by e-mail, with the
 * audit row (the account itself, from no address: the mail provider may be the one asking). Doing
 * it again changes nothing.
 */
export async function unsubscribe(deps: NotificationsDeps, token: string) {
  const target = await unsubscribeLink(deps, token);
  await deps.db.transaction(async (tx) => {
    await insertOptOuts(tx, target.userId, 'email', target.kinds);
    await recordAudit({ db: tx }, { actor: { id: target.userId, ip: null }, action: 'NOTIFICATIONS_UNSUBSCRIBE', targetTable: 'users', targetId: target.userId, details: { kinds: target.kinds, channel: 'email' } });
  });
  return target;
}

/** The confirmation page's way back: the same kinds on again, audited. */
export async function resubscribe(deps: NotificationsDeps, token: string) {
  const target = await unsubscribeLink(deps, token);
  await deps.db.transaction(async (tx) => {
    await deleteOptOuts(tx, target.userId, 'email', target.kinds);
    await recordAudit({ db: tx }, { actor: { id: target.userId, ip: null }, action: 'NOTIFICATIONS_RESUBSCRIBE', targetTable: 'users', targetId: target.userId, details: { kinds: target.kinds, channel: 'email' } });
  });
  return target;
}
