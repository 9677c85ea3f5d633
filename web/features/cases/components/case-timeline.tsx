import type { CaseStageChange } from '#common/cases/cases.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** A case's stages, oldest first: date, stage and the firm's note; the date shown as `formatDate` writes it. */
export function CaseTimeline({ history, formatDate }: { history: CaseStageChange[]; formatDate: (value: string) => string }) {
  const { t } = useTranslation('cases');
  return (
    <ol className="mt-2 space-y-2 text-sm text-slate-700">
      {history.map((change) => (
        <li key={`${change.stage}-${change.createdAt}`}>
          <span className="flex flex-wrap gap-2">
            <time dateTime={change.createdAt} className="text-slate-600">
              {formatDate(change.createdAt)}
            </time>
            <span className="font-medium text-slate-900">{t(`stages.names.${change.stage}`)}</span>
          </span>
          {change.note ? <p className="mt-0.5 whitespace-pre-line text-slate-700">{change.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
