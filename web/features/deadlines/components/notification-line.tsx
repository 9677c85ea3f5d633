import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { legalNotificationDay } from '#common/deadlines/deadline-rules.ts';
import type { CaseDeadline } from '#common/deadlines/deadlines.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/**
 * Why a deadline starts when it does (docs/product/notification-clock.md): the day an electronic
 * notification was made available, whether and when it was opened, and its legal day; or the day
 * of any other notification. Nothing for a renewal window, which starts from a permit's expiry.
 */
export function NotificationLine({ deadline, className }: { deadline: Pick<CaseDeadline, 'kind' | 'startDate' | 'madeAvailableOn' | 'openedOn'>; className?: string }) {
  const { t } = useTranslation('deadlines');
  const language = useLanguage();
  if (deadline.kind === 'renewal_window') return null;
  const day = (value: string) => formatDeadlineDay(value, language);
  const { madeAvailableOn, openedOn } = deadline;
  const text =
    madeAvailableOn === null
      ? t('notification.read', { notifiedOn: day(deadline.startDate) })
      : t(`notification.${legalNotificationDay({ madeAvailableOn, openedOn }).reason}`, {
          madeAvailableOn: day(madeAvailableOn),
          openedOn: openedOn === null ? '' : day(openedOn),
          notifiedOn: day(deadline.startDate),
        });
  return <p className={className}>{text}</p>;
}
