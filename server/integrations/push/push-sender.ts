import webPush from 'web-push';
import type { VapidKeys } from '#server/config/vapid-keys.ts';

/** A browser's subscription as kept: the push service's address and the keys the payload is encrypted for. */
type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the push service said: taken, or the subscription is gone (404, 410) and should be forgotten. Anything else throws. */
type PushOutcome = 'sent' | 'gone';

export type PushSender = { send: (target: PushTarget, payload: string) => Promise<PushOutcome> };

/** A day: a notice older than that is better read in the panel or the mail. */
const timeToLiveSeconds = 24 * 60 * 60;

/**
 * Standard Web Push (RFC 8030, payload encrypted by RFC 8291, signed with VAPID, RFC 8292) through
 * the maintained `web-push` library: the same for every browser's push service.
 */
export function createPushSender({ keys, subject }: { keys: VapidKeys; subject: string }): PushSender {
  return {
    send: async (target, payload) => {
      try {
        await webPush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails: { subject, ...keys },
          TTL: timeToLiveSeconds,
          timeout: 10_000,
        });
        return 'sent';
      } catch (error) {
        if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
        throw error;
      }
    },
  };
}
