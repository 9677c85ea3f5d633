import { isPushServiceAddress } from './push-services.ts';
import type { FastifyBaseLogger } from 'fastify';
import {
  isNotificationKind,
  notificationChannels,
  notificationKinds,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type PushSubscription,
} from '#common/notifications/notifications.contract.ts';
import { panelAddress } from '#common/site-addresses.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { PushSender } from '#server/integrations/push/push-sender.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { NoticePreferences } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { WorkerJob } from '#server/platform/worker/worker.ts';
import {
  deleteGoneSubscription,
  deleteOptOuts,
  deletePushSubscription,
  hasPushSubscription,
  insertOptOuts,
  insertPushMessage,
  listOptOuts,
  listPushSubscriptions,
  optedOutKinds,
  takeNextPushMessage,
  upsertPushSubscription,
} from './notifications.repository.ts';
import { unsubscribeActions } from './unsubscribe-page.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

export type NotificationsDeps = { db: Db; secret: string };

const wantedOn = async (executor: Db | Tx, channel: NotificationChannel, userId: string, kinds: readonly NotificationKind[]) => {
  const off = new Set(await optedOutKinds(executor, userId, channel, kinds));
  return kinds.filter((kind) => !off.has(kind));
};

/** The choices the outbox honours (server/platform/mail): the one place a mail the client may turn off is let through or not. */
export function noticePreferences(config: Pick<AppConfig, 'appUrl'>, secret: string): NoticePreferences {
  return {
    wantedByEmail: (executor, userId, kinds) => wantedOn(executor, 'email', userId, kinds),
    push: async (executor, notice, render) => {
      if (!(await hasPushSubscription(executor, notice.userId))) return false;
      const wanted = await wantedOn(executor, 'push', notice.userId, notice.kinds);
      if (wanted.length === 0) return false;
      const mail = render(wanted);
      // The mail's own button, at the client's language's address; the push says no more than the subject.
      const link = firstLink(mail.text, config.appUrl) ?? `${config.appUrl}${panelAddress(notice.language)}`;
      await insertPushMessage(executor, { userId: notice.userId, payload: { title: mail.subject, body: translator(notice.language)('notifications:push.body'), url: link } });
      return true;
    },
    unsubscribeUrl: (userId, kinds) => `${config.appUrl}${unsubscribeActions.unsubscribe}?token=${unsubscribeToken(secret, userId, kinds)}`,
  };
}

/** The account's choices, every kind on but those it turned off. */
export async function notificationPreferences({ db }: Pick<NotificationsDeps, 'db'>, userId: string): Promise<NotificationPreferences> {
  const off = await listOptOuts(db, userId);
  return Object.fromEntries(
    notificationKinds.map((kind) => [kind, Object.fromEntries(notificationChannels.map((channel) => [channel, !off.some((row) => row.kind === kind && row.channel === channel)]))]),
  ) as NotificationPreferences;
}

/** Saves the account's choices from /perfil; answers them as saved. */
export async function saveNotificationPreferences({ db }: Pick<NotificationsDeps, 'db'>, userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  await db.transaction(async (tx) => {
    for (const channel of notificationChannels) {
      await insertOptOuts(tx, userId, channel, notificationKinds.filter((kind) => !preferences[kind][channel]));
      await deleteOptOuts(tx, userId, channel, notificationKinds.filter((kind) => preferences[kind][channel]));
    }
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

/** The first address of the site in a mail's text: its button's. */
function firstLink(text: string, appUrl: string): string | undefined {
  const start = text.indexOf(`${appUrl}/`);
  return start < 0 ? undefined : /^[^\s<>]+/.exec(text.slice(start))?.[0];
}

/** Keeps this browser's subscription for the signed-in account (a browser has one account: the last that subscribed on it). */
export async function subscribeToPush(
  { db, pushServiceHosts }: Pick<NotificationsDeps, 'db'> & { pushServiceHosts: readonly string[] },
  userId: string,
  subscription: PushSubscription,
): Promise<void> {
  if (!isPushServiceAddress(subscription.endpoint, pushServiceHosts)) throw new AppError('validation', 'notifications:push.notAPushService');
  await upsertPushSubscription(db, userId, { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
}

/** Forgets the browser, if it is the account's: another account's row is left as it is, and the answer is the same. */
export async function unsubscribeFromPush({ db }: Pick<NotificationsDeps, 'db'>, userId: string, endpoint: string): Promise<void> {
  await deletePushSubscription(db, userId, endpoint);
}

/**
 * The worker's push job: takes one waiting push and sends it to each of the account's browsers. A
 * push is not retried (the mail, or the panel, still says it); a browser its push service has
 * forgotten (404, 410) is forgotten here too.
 */
export function createPushDelivery({ db, sender, log }: { db: Db; sender: PushSender; log: FastifyBaseLogger }): WorkerJob {
  return {
    name: 'push-delivery',
    step: async () => {
      const message = await takeNextPushMessage(db);
      if (!message) return false;
      const payload = JSON.stringify(message.payload);
      for (const target of await listPushSubscriptions(db, message.userId)) {
        try {
          if ((await sender.send(target, payload)) === 'gone') await deleteGoneSubscription(db, target.endpoint);
        } catch (error) {
          log.warn({ err: error, pushMessageId: message.id }, 'push delivery failed; not retried');
        }
      }
      return true;
    },
  };
}
