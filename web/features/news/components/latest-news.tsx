import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLatestNews } from '../api/news.queries.ts';
import { NewsCard, NewsCardSkeleton } from './news-card.tsx';

/** How many articles the home page previews. */
export const homeNewsLimit = 3;

/** The home page's news block: with no news, or when the load fails (only logged), the block steps aside. */
export function LatestNews() {
  const { t } = useTranslation('news');
  const headingId = useId();
  const { data: articles, error, isPending } = useLatestNews(homeNewsLimit);

  useEffect(() => {
    if (error) console.error('Could not load the latest news', error);
  }, [error]);

  if (error || articles?.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-16">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {t('latest.title')}
      </h2>
      <p className="mt-2 text-slate-600">{t('latest.subtitle')}</p>
      {isPending ? (
        <div role="status" className="mt-8">
          <span className="sr-only">{t('latest.loading')}</span>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: homeNewsLimit }, (_, index) => (
              <NewsCardSkeleton key={index} />
            ))}
          </div>
        </div>
      ) : (
        <>
          <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} headingLevel="h3" />
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <Button asChild variant="outline" size="lg">
              <Link to="/noticias">{t('latest.viewAll')}</Link>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
