import { TriangleAlert } from 'lucide-react';
import { Suspense, useId } from 'react';
import type { SetupIssue } from '#common/setup/setup.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useSetupCheck } from '../api/setup-check.queries.ts';

function SetupIssues({ issues }: { issues: SetupIssue[] }) {
  const { t } = useTranslation('setup');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {t('title')}
      </h2>
      <p className="mt-1 text-sm">{t('intro')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm">
        {issues.map((issue) => (
          <li key={issue.id}>{t(`issues.${issue.id}`, { variables: issue.variables })}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * At the top of the admin panel, in production: each setting still missing, naming the variable
 * to set. Its texts load only when there is something to say, without holding up the panel.
 */
export function SetupCheckBanner() {
  const issues = useSetupCheck().data?.issues ?? [];
  if (issues.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SetupIssues issues={issues} />
    </Suspense>
  );
}
