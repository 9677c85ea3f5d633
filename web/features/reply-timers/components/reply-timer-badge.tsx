import { AlertTriangle, Clock } from 'lucide-react';
import { formatAdminDateTime } from '#common/dates.ts';
import { timerReading } from '#common/reply-timers/promises.ts';
import type { ReplyTimerKind } from '#common/reply-timers/reply-timers.contract.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useReplyTimers } from '../api/reply-timers.queries.ts';

/**
 * The business time left to answer a row's request ('Quedan 5 h 30 min hábiles'), or how late it
 * is ('Vencida hace 3 h hábiles'): red with a warning sign once overdue, said in words as well.
 * Nothing for a request that is answered, or that the site promises nothing for.
 */
export function ReplyTimerBadge({ kind, id }: { kind: ReplyTimerKind; id: string }) {
  const { t } = useTranslation('reply-timers');
  const language = useLanguage();
  const timer = useReplyTimers().data?.timers.find((row) => row.kind === kind && row.id === id);
  if (!timer) return null;
  const reading = timerReading(timer.businessMsLeft, language);
  const isLate = reading.state !== 'left';
  const Icon = isLate ? AlertTriangle : Clock;
  return (
    <span
      title={t('dueAt', { date: formatAdminDateTime(timer.dueAt, language) })}
      className={cn(
        'mt-1 inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        isLate ? 'bg-red-100 text-red-900 ring-red-600/40' : 'bg-slate-100 text-slate-800 ring-slate-500/30',
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {t(`reading.${reading.state}`, { time: reading.time })}
    </span>
  );
}
