import { MarkdownProseOnIntent } from '#web/components/page/markdown-prose-on-intent.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useLegalText } from '#web/features/legal/api/legal.queries.ts';
import { fillPlaceholders } from '#web/features/legal/fill-placeholders.ts';
import type { LegalDocument } from '#web/features/legal/legal-documents.ts';
import { useFirm } from '#web/lib/firm.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

export default function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const language = useLanguage();
  const firm = useFirm();
  const legalText = useLegalText(language, document.file);
  MarkdownProseOnIntent.useLoadedOnNavigation();

  const title = t(document.titleKey, { ns: 'common' });

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <PageMeta title={title} description={t('legal.description', { ns: 'common', title, brand: firm.brandName })} />
      <QueryState
        query={legalText}
        loading={
          <div role="status">
            <span className="sr-only">{t('loading')}</span>
            <div aria-hidden className="animate-pulse space-y-4">
              <div className="h-9 w-2/3 rounded bg-slate-200" />
              <div className="h-4 w-full rounded bg-slate-200" />
              <div className="h-4 w-full rounded bg-slate-200" />
              <div className="h-4 w-4/5 rounded bg-slate-200" />
            </div>
          </div>
        }
        failure={
          <>
            <h1 className="text-3xl font-bold tracking-tight text-brand-900">{title}</h1>
            <p className="mt-4 text-slate-700">{t('error')}</p>
          </>
        }
      >
        {(markdown) => (
          <article>
            <MarkdownProseOnIntent markdown={fillPlaceholders(markdown, firm, t('notApplicable'))} />
          </article>
        )}
      </QueryState>
    </div>
  );
}
