import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAdminMutation } from '#web/lib/admin-list.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';

/** 'Marcar como respondida': the firm answered a request outside the site (mail, phone), so its reply timer stops. */
export function MarkAnsweredButton({ resource, id, name }: { resource: string; id: string; name: string }) {
  const { t } = useTranslation(['reply-timers', 'admin']);
  const mark = useAdminMutation<string>(resource, (rowId) => ({ path: `/api/admin/${resource}/${rowId}`, method: 'PATCH', body: { answered: true } }), {
    failureTitle: t('admin:update.error'),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={mark.isPending}
      aria-label={t('markAnswered.label', { name })}
      onClick={() =>
        mark.mutate(id, { onSuccess: () => toast({ title: t('markAnswered.done'), variant: 'success' }) })
      }
    >
      <Check className="h-4 w-4" aria-hidden />
      {t('markAnswered.button')}
    </Button>
  );
}

/** When a request arrived, then 'Respondida el …' once it is answered, or its reply timer while it waits. */
export function RequestReceived({ createdAt, answeredAt, timer }: { createdAt: string; answeredAt: string | null; timer: ReactNode }) {
  const { t } = useTranslation('reply-timers');
  const date = useAdminDate();
  return (
    <div>
      <p className="whitespace-nowrap">{date(createdAt)}</p>
      {answeredAt ? <p className="text-xs text-slate-700">{t('markAnswered.answeredOn', { date: date(answeredAt) })}</p> : timer}
    </div>
  );
}
