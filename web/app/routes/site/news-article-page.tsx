import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { Link, useParams } from 'react-router';
import { formatLongDate } from '#common/long-date.ts';
import type { NewsArticle } from '#common/news/news.contract.ts';
import { MarkdownProseOnIntent } from '#web/components/page/markdown-prose-on-intent.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useNewsArticle } from '#web/features/news/api/news.queries.ts';
import { SpanishOnlyMark, useForeignTextLanguage } from '#web/features/news/components/spanish-only-mark.tsx';
import { plainText } from '#web/features/news/plain-text.ts';
import { ApiError } from '#web/lib/api.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** The page's only h1 is the article's title; headings inside the article start one level below. */
const articleComponents: Components = { h1: 'h2' };

function BackToNews() {
  const { t } = useTranslation('news');
  return (
    <Link to="/noticias" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t('article.back')}
    </Link>
  );
}

function ArticleMessage({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

export default function NewsArticlePage() {
  const { t } = useTranslation('news');
  const { id = '' } = useParams();
  const { data: article, error, isPending, refetch, isFetching } = useNewsArticle(id);
  MarkdownProseOnIntent.useLoadedOnNavigation();

  // The API checks the id (newsArticleParamsSchema): 400 to one that is not a uuid, 404 to one it does not know.
  const isNotFound = error instanceof ApiError && (error.status === 404 || error.status === 400);

  if (isNotFound) {
    return (
      <ArticleMessage title={t('article.notFoundTitle')} description={t('article.notFoundDescription')}>
        <PageMeta title={t('article.notFoundTitle')} description={t('article.notFoundDescription')} />
        <meta name="robots" content="noindex" />
        <Button asChild>
          <Link to="/noticias">{t('article.back')}</Link>
        </Button>
      </ArticleMessage>
    );
  }

  if (error) {
    return (
      <ArticleMessage title={t('article.errorTitle')} description={t('article.errorDescription')}>
        <PageMeta title={t('article.errorTitle')} description={t('article.errorDescription')} />
        <Button disabled={isFetching} onClick={() => void refetch()}>
          {t('actions.retry', { ns: 'common' })}
        </Button>
        <Button asChild variant="outline">
          <Link to="/noticias">{t('article.back')}</Link>
        </Button>
      </ArticleMessage>
    );
  }

  if (isPending) {
    return (
      <div role="status" className="mx-auto max-w-3xl px-4 py-12">
        <span className="sr-only">{t('article.loading')}</span>
        <div aria-hidden className="animate-pulse">
          <div className="h-4 w-32 rounded bg-slate-200" />
          <div className="mt-8 h-9 w-3/4 rounded bg-slate-200" />
          <div className="mt-3 h-4 w-40 rounded bg-slate-200" />
          <div className="mt-10 space-y-3">
            <div className="h-4 w-full rounded bg-slate-200" />
            <div className="h-4 w-full rounded bg-slate-200" />
            <div className="h-4 w-5/6 rounded bg-slate-200" />
          </div>
        </div>
      </div>
    );
  }

  return <Article article={article} />;
}

function Article({ article }: { article: NewsArticle }) {
  const language = useLanguage();
  const textLanguage = useForeignTextLanguage(article);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <PageMeta title={article.title} description={plainText(article.content).slice(0, 160)} />
      <BackToNews />
      <h1 lang={textLanguage} className="mt-6 text-3xl font-bold tracking-tight text-brand-900 md:text-4xl">
        {article.title}
      </h1>
      <time dateTime={article.createdAt} className="mt-2 block text-slate-600">
        {formatLongDate(article.createdAt, language)}
      </time>
      {textLanguage ? <SpanishOnlyMark /> : null}
      <div lang={textLanguage} className="mt-8">
        <MarkdownProseOnIntent markdown={article.content} components={articleComponents} />
      </div>
      <div className="mt-12 border-t border-slate-200 pt-6">
        <BackToNews />
      </div>
    </article>
  );
}
