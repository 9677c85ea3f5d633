import { useAdminMutation } from '#web/lib/admin-list.ts';
import type { FailureMeta } from '#web/lib/failures.ts';

/** The admin resource of the mails that failed for good. */
export const failedMailsResource = 'failed-mails';

/** Queues a failed mail again. */
export function useResendFailedMail(meta?: FailureMeta) {
  return useAdminMutation<string>(failedMailsResource, (id) => ({ path: `/api/admin/${failedMailsResource}/${id}/resend`, method: 'POST' }), meta);
}
