import { Send } from 'lucide-react';
import type { FailedMail } from '#common/mail/mail.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { failedMailsResource, useResendFailedMail } from '../api/mail.queries.ts';

function ResendButton({ row }: { row: FailedMail }) {
  const { t } = useTranslation('admin');
  const resend = useResendFailedMail({ failureTitle: t('mails.resendError'), successTitle: t('mails.resent') });
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('mails.resendTo', { recipient: row.recipient })}
      disabled={resend.isPending}
      onClick={() => resend.mutate(row.id)}
    >
      <Send className="h-4 w-4" aria-hidden />
      {t('mails.resend')}
    </Button>
  );
}

/** The mails the worker gave up on after its last retry, with why, and a way to send each again. */
export function FailedMailsAdminTab() {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const columns: Column<FailedMail>[] = [
    {
      header: t('mails.lastAttempt'),
      cell: (row) => (
        <div className="whitespace-nowrap">
          <p>{date(row.lastAttemptAt)}</p>
          <p className="text-xs text-slate-700">{t('mails.written', { date: date(row.createdAt) })}</p>
        </div>
      ),
    },
    { header: t('mails.recipient'), cell: (row) => <span className="break-all">{row.recipient}</span> },
    { header: t('columns.subject'), cell: (row) => row.subject },
    { header: t('mails.attempts'), cell: (row) => row.attempts },
    {
      header: t('mails.reason'),
      cell: (row) => (
        <div className="max-w-sm">
          <p>{t(`mails.reasons.${row.reason}`)}</p>
          {row.error ? <p className="mt-1 break-words font-mono text-xs text-slate-700">{row.error}</p> : null}
        </div>
      ),
    },
    { header: t('columns.actions'), cell: (row) => <ResendButton row={row} /> },
  ];
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('mails.intro')}</p>
      <AdminTable
        resource={failedMailsResource}
        section={t('tabs.mail')}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t('mails.empty')}
      />
    </div>
  );
}
