import type { PublicProcedure } from '#common/sections/sections.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';

type ChecklistItem = PublicProcedure['items'][number];

/** What each flag of a checklist item asks of the document, in words. */
function ItemFlags({ item }: { item: ChecklistItem }) {
  const { t } = useTranslation('sections');
  const flags = [
    item.isApostilleRequired ? t('documents.apostille') : null,
    item.isSwornTranslationRequired ? t('documents.sworn') : null,
    item.validityMonths === null ? null : t('documents.validity', { count: item.validityMonths }),
    item.isPerFamilyMember ? t('documents.perMember') : null,
  ].filter((flag) => flag !== null);
  if (flags.length === 0) return null;
  return (
    <p className="mt-2 flex flex-wrap gap-2">
      {flags.map((flag) => (
        <span key={flag} className="inline-flex rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
          {flag}
        </span>
      ))}
    </p>
  );
}

/**
 * The checklists of the page's procedures, as a case of each opens with them: each document with
 * its explanation and what it must carry (apostille, sworn translation, how recent, per member).
 */
export function DocumentChecklist({ procedures }: { procedures: readonly PublicProcedure[] }) {
  const { t } = useTranslation('sections');
  const hasTitles = procedures.length > 1;
  return (
    <div className="space-y-8">
      <p className="text-slate-700">{t('documents.intro')}</p>
      {procedures.map((procedure) => (
        <div key={procedure.id}>
          {hasTitles ? <h3 className="text-xl font-semibold text-slate-900">{procedure.title}</h3> : null}
          <ul className="mt-4 space-y-3" aria-label={procedure.title}>
            {procedure.items.map((item, index) => (
              <li key={index} className="rounded-lg border-l-4 border-brand-700 bg-white p-4 shadow-sm">
                <p className="font-semibold text-slate-900">{item.title}</p>
                <p className="mt-1 text-sm text-slate-700">{item.explanation}</p>
                <ItemFlags item={item} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
