import type { AgendaEntry } from '#common/agenda/agenda.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** A booked consultation in a day of the agenda: its 45 minutes, the client, and how it meets. */
export function AgendaConsultationEntry({ entry }: { entry: AgendaEntry }) {
  const { t } = useTranslation('appointments');
  return (
    <div className="rounded bg-amber-100 px-1 py-0.5 text-xs text-amber-900">
      <p className="font-semibold">{entry.endTime ? t('agenda.span', { start: entry.time, end: entry.endTime }) : entry.time}</p>
      <p className="truncate">{t('agenda.client', { name: entry.title })}</p>
      {entry.meetingMode ? <p className="truncate">{t(`agenda.modes.${entry.meetingMode}`)}</p> : null}
    </div>
  );
}
