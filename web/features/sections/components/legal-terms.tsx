import type { LegalTerm } from '#common/sections/section-catalog.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** The time limits the law sets for the page's procedure, the ones the case work counts (ADR 012). */
export function LegalTerms({ terms }: { terms: readonly LegalTerm[] }) {
  const { t } = useTranslation('sections');
  return (
    <ul className="list-disc space-y-3 pl-6 text-slate-700 marker:text-brand-700">
      {terms.map((term) => (
        <li key={term}>{t(`terms.${term}`)}</li>
      ))}
    </ul>
  );
}
