import type { FailedMail } from '#common/mail/mail.contract.ts';
import { useAdminPage } from '#web/lib/admin-list.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { failedMailsResource } from '../api/mail.queries.ts';

/** Beside the tab's name while any mail has failed for good, so the firm notices without opening it. */
export function FailedMailsCount() {
  const { t } = useTranslation('admin');
  // The tab's own first page: one request, refreshed with it after a resend.
  const count = useAdminPage<FailedMail>(failedMailsResource, 1, '').data?.total ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden className="ml-2 inline-flex min-w-5 justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white">
        {count}
      </span>
      <span className="sr-only">{`, ${t('mails.failedCount', { count })}`}</span>
    </>
  );
}
