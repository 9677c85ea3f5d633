import { CalendarClock } from 'lucide-react';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useCasesDeadlines } from '../api/deadlines.queries.ts';
import { NotificationLine } from './notification-line.tsx';

/** The client's open deadlines across their cases, read-only; nothing at all while there are none. */
export function CaseDeadlines({ cases }: { cases: Array<{ id: number; displayId: string }> }) {
  const { t } = useTranslation('deadlines');
  const language = useLanguage();
  const results = useCasesDeadlines(cases.map((item) => item.id));
  const deadlines = results.flatMap((result) => result.data ?? []).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  if (deadlines.length === 0) return null;
  return (
    <section aria-labelledby="case-deadlines-title" className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="case-deadlines-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <CalendarClock className="h-5 w-5" aria-hidden />
        {t('client.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('client.intro')}</p>
      <ul className="mt-3 divide-y divide-slate-200">
        {deadlines.map((deadline) => (
          <li key={deadline.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>
              <span className="font-semibold text-brand-800">{deadline.displayId}</span> · {t(`kinds.${deadline.kind}`)}
            </span>
            <span className="text-sm font-medium text-slate-900">
              {deadline.opensOn
                ? t('client.window', { opensOn: formatDeadlineDay(deadline.opensOn, language), dueDate: formatDeadlineDay(deadline.dueDate, language) })
                : t('client.due', { date: formatDeadlineDay(deadline.dueDate, language) })}
            </span>
            <NotificationLine deadline={deadline} className="w-full text-sm text-slate-700" />
          </li>
        ))}
      </ul>
    </section>
  );
}
