import { z } from 'zod';

/**
 * The kinds of mail a client may turn off, each a group of the mails the product sends them
 * (ADR 055): what the firm asks (a document request and its reminders), a rejected document, a
 * document the firm shares, an appointment the firm sets with the administration, a case's move to
 * a new stage, the firm's reply in a case's messages, and a quote.
 */
export const notificationKinds = ['documentRequests', 'rejections', 'sharedDocuments', 'appointments', 'stageChanges', 'replies', 'quotes'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How a notice reaches the client: by e-mail, and as a notification of the browsers they allowed (Web Push, ADR 059). */
export const notificationChannels = ['email', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The mails nobody can turn off, named on the page so the client knows they will still come. */
export const requiredMails = ['security', 'invoices', 'engagement'] as const;

export function isNotificationKind(value: string): value is NotificationKind {
  return (notificationKinds as readonly string[]).includes(value);
}

const channelsSchema = z.strictObject({ email: z.boolean(), push: z.boolean() });

/** Per kind, whether each channel is on: what /perfil shows and saves. */
export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(notificationKinds.map((kind) => [kind, channelsSchema])) as Record<NotificationKind, typeof channelsSchema>,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The signed token of an unsubscribe link: it names the account and the kinds, nothing guessable. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(400) });

/** A browser's PushSubscription as its toJSON() gives it: the push service's address and the keys to encrypt for it. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.strictObject({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

/** Which browser to forget: its push service address. */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.url().max(2000) });

/** The server's public VAPID key, which the browser needs to subscribe. */
export const pushKeySchema = z.strictObject({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;
