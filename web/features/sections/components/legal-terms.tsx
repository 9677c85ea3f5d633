import { Clock } from 'lucide-react';
import type { LegalTerm } from '#common/sections/section-catalog.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** The time limits the law sets for the page's procedure, the ones the case work counts (ADR 012). */
export function LegalTerms({ terms }: { terms: readonly LegalTerm[] }) {
  const { t } = useTranslation('sections');
  return (
    <ul className="space-y-3">
      {terms.map((term) => (
        <li key={term} className="flex gap-3 text-slate-700">
          <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <span>{t(`terms.${term}`)}</span>
        </li>
      ))}
    </ul>
  );
}
