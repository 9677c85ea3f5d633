import { useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';

/** The admin resource of the mails that failed for good. */
export const failedMailsResource = 'failed-mails';

/** Queues a failed mail again. */
export function useResendFailedMail(meta?: AdminWriteFeedback) {
  return useAdminMutation<string>(failedMailsResource, (id) => ({ path: `/api/admin/${failedMailsResource}/${id}/resend`, method: 'POST' }), meta);
}
