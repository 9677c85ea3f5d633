import type { ReplyTimerKind } from '#common/reply-timers/reply-timers.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useReplyTimers } from '../api/reply-timers.queries.ts';

/** Beside a tab's name while some of its requests are past the reply time the site promised. */
export function OverdueCount({ kind }: { kind: ReplyTimerKind }) {
  const { t } = useTranslation('reply-timers');
  const count = useReplyTimers().data?.overdue[kind] ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden className="ml-2 inline-flex min-w-5 justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white">
        {count}
      </span>
      <span className="sr-only">{`, ${t('overdueCount', { count })}`}</span>
    </>
  );
}
