import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '#common/notifications/notifications.contract.ts';
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
