import type { SectionStage } from '#common/sections/section-catalog.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** The steps a case of the page's procedure goes through, as the firm's case work names them. */
export function CaseSteps({ stages }: { stages: readonly SectionStage[] }) {
  const { t } = useTranslation('sections');
  return (
    <ol className="space-y-3">
      {stages.map((stage, index) => (
        <li key={stage} className="flex gap-3">
          <span aria-hidden className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white">
            {index + 1}
          </span>
          <span className="pt-0.5 text-slate-700">{t(`stages.${stage}`)}</span>
        </li>
      ))}
    </ol>
  );
}
