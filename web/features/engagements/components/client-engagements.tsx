import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { Engagement } from '#common/engagements/engagements.contract.ts';
import { formatLongDate } from '#common/long-date.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { engagementPdfUrl, useEngagements, useWithdraw } from '../api/engagements.queries.ts';

function WithdrawDialog({ engagement, onClose }: { engagement: Engagement; onClose: () => void }) {
  const { t } = useTranslation('engagements');
  const withdraw = useWithdraw({ failureTitle: t('panel.withdrawFailed') });
  const confirm = () =>
    withdraw.mutate(engagement.id, {
      onSuccess: () => {
        toast({ title: t('panel.withdrawn'), variant: 'success' });
        onClose();
      },
    });
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={t('panel.confirmTitle')} description={t('panel.confirmBody', { service: engagement.serviceTitle })}>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={withdraw.isPending}>
            {t('panel.keep')}
          </Button>
          <Button variant="destructive" onClick={confirm} isBusy={withdraw.isPending}>
            {t('panel.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EngagementItem({ engagement, now }: { engagement: Engagement; now: number }) {
  const { t } = useTranslation('engagements');
  const language = useLanguage();
  const [isWithdrawing, setWithdrawing] = useState(false);
  const date = (value: string) => formatLongDate(value, language);
  const isOpen = engagement.withdrawnAt === null && now <= Date.parse(engagement.withdrawableUntil);
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <p className="font-medium text-slate-900">{engagement.serviceTitle}</p>
      <p className="text-slate-700">{t('panel.acceptedOn', { date: date(engagement.acceptedAt) })}</p>
      {engagement.isEarlyStartRequested ? <p className="text-slate-700">{t('panel.earlyStart')}</p> : null}
      <p className="text-slate-700">
        {engagement.withdrawnAt
          ? t('panel.withdrawnOn', { date: date(engagement.withdrawnAt) })
          : t(isOpen ? 'panel.withdrawableUntil' : 'panel.periodOver', { date: date(engagement.withdrawableUntil) })}
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button asChild variant="outline" size="sm">
          <a href={engagementPdfUrl(engagement.id)} download>
            <FileText className="h-4 w-4" aria-hidden />
            {t('panel.download')}
          </a>
        </Button>
        {isOpen ? (
          <Button variant="outline" size="sm" onClick={() => setWithdrawing(true)} aria-label={`${t('panel.withdraw')}: ${engagement.serviceTitle}`}>
            {t('panel.withdraw')}
          </Button>
        ) : null}
      </div>
      {isWithdrawing ? <WithdrawDialog engagement={engagement} onClose={() => setWithdrawing(false)} /> : null}
    </li>
  );
}

/**
 * The client's accepted engagement letters, under their payments: each one's PDF, and 'Desistir'
 * while its 14 days run (the server decides; the button only hides once they are over).
 */
export function ClientEngagements() {
  const { t } = useTranslation('engagements');
  const engagements = useEngagements();
  const [now] = useState(() => Date.now());
  if (!engagements.data || engagements.data.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="engagements-title">
      <h2 id="engagements-title" className="text-base font-semibold text-brand-900">
        {t('panel.title')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200">
        {engagements.data.map((engagement) => (
          <EngagementItem key={engagement.id} engagement={engagement} now={now} />
        ))}
      </ul>
    </section>
  );
}
