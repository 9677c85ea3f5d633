import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { useLatestNews } from '#web/features/news/api/news.queries.ts';
import { NewsCard, NewsCardSkeleton } from '#web/features/news/components/news-card.tsx';
import { useFirm } from '#web/lib/firm.ts';
import { useTranslation } from '#web/lib/translation.tsx';

const gridClassName = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';
const skeletonCount = 6;

export default function NewsListPage() {
  const { t } = useTranslation('news');
  const firm = useFirm();
  const news = useLatestNews(undefined, { failureTitle: t('list.error') });

  return (
    <>
      <PageMeta title={t('list.title')} description={t('list.metaDescription', { brand: firm.brandName })} />
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
      <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <QueryState
          query={news}
          loading={
            <div role="status">
              <span className="sr-only">{t('list.loading')}</span>
              <div className={gridClassName}>
                {Array.from({ length: skeletonCount }, (_, index) => (
                  <NewsCardSkeleton key={index} />
                ))}
              </div>
            </div>
          }
          failure={
            <div className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
              <p className="font-medium text-red-800">{t('list.error')}</p>
              <Button variant="outline" className="mt-4" disabled={news.isFetching} onClick={() => void news.refetch()}>
                {t('actions.retry', { ns: 'common' })}
              </Button>
            </div>
          }
          empty={<p className="rounded-lg border border-slate-200 bg-slate-50 p-6 text-center text-slate-700">{t('list.empty')}</p>}
        >
          {(articles) => (
            <ul className={gridClassName}>
              {articles.map((article, index) => (
                <li key={article.id} className="animate-fade-up" style={{ animationDelay: `${index * 0.1}s` }}>
                  <NewsCard article={article} headingLevel="h2" />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </>
  );
}
