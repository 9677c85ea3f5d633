import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, PushKey } from '#common/notifications/notifications.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

const preferenceKeys = { all: ['notification-preferences'] as const };

/** Which kinds of notice the signed-in client gets by e-mail. */
export function useNotificationPreferences(meta?: FeedbackMeta) {
  return useQuery({ queryKey: preferenceKeys.all, queryFn: () => api<NotificationPreferences>('/api/notifications/preferences'), meta });
}

export function useSaveNotificationPreferences(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: NotificationPreferences) => api<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.all, saved),
  });
}

/** The server's public VAPID key, to subscribe this browser with (ADR 059). */
export const pushKey = () => api<PushKey>('/api/notifications/push/key');

/** Keeps this browser's subscription for the signed-in account. */
export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  api<undefined>('/api/notifications/push/subscriptions', { method: 'POST', body: JSON.stringify(subscription) });

/** Forgets this browser: no more notifications here. */
export const forgetPushSubscription = (endpoint: string) => api<undefined>('/api/notifications/push/unsubscribe', { method: 'POST', body: JSON.stringify({ endpoint }) });
