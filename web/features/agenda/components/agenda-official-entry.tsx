import { Link } from 'react-router';
import type { AgendaEntry } from '#common/agenda/agenda.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** A case's appointment with the administration in a day of the agenda: its time, which, and the case it opens. */
export function AgendaOfficialEntry({ entry }: { entry: AgendaEntry }) {
  const { t } = useTranslation('official-appointments');
  return (
    <Link to={`/admin/expedientes/${entry.id}`} className="block rounded bg-sky-100 px-1 py-0.5 text-xs text-sky-900 hover:bg-sky-50">
      <p className="font-semibold">{entry.time}</p>
      {entry.officialKind ? <p className="truncate">{t(`kinds.${entry.officialKind}`)}</p> : null}
      <p className="truncate">{entry.title}</p>
    </Link>
  );
}
