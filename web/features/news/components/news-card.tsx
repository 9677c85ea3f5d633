import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatLongDate } from '#common/long-date.ts';
import type { NewsArticle } from '#common/news/news.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { plainText } from '../plain-text.ts';
import { SpanishOnlyMark, useForeignTextLanguage } from './spanish-only-mark.tsx';

type NewsCardProps = {
  article: NewsArticle;
  /** The title's level under the section that lists the cards. */
  headingLevel: 'h2' | 'h3';
};

export function NewsCard({ article, headingLevel: Heading }: NewsCardProps) {
  const { t } = useTranslation('news');
  const language = useLanguage();
  const textLanguage = useForeignTextLanguage(article);
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <Heading lang={textLanguage} className="text-lg font-semibold leading-snug text-brand-900">
        {article.title}
      </Heading>
      {textLanguage ? <SpanishOnlyMark /> : null}
      <time dateTime={article.createdAt} className="mt-1 text-sm text-slate-600">
        {formatLongDate(article.createdAt, language)}
      </time>
      <p lang={textLanguage} className="mt-3 line-clamp-3 text-slate-700">{plainText(article.content)}</p>
      <Link
        to={`/noticias/${article.id}`}
        className="mt-auto inline-flex items-center gap-1 self-start pt-4 font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <span aria-hidden>{t('card.readMore')}</span>
        <span className="sr-only">{t('card.readMoreLabel', { title: article.title })}</span>
        <ArrowRight className="h-4 w-4" aria-hidden />
      </Link>
    </article>
  );
}

/** The shape of a card while the articles load; the list around it carries the status. */
export function NewsCardSkeleton() {
  return (
    <div aria-hidden className="flex h-full animate-pulse flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="h-5 w-3/4 rounded bg-slate-200" />
      <div className="h-4 w-1/3 rounded bg-slate-200" />
      <div className="mt-2 h-4 w-full rounded bg-slate-200" />
      <div className="h-4 w-full rounded bg-slate-200" />
      <div className="h-4 w-2/3 rounded bg-slate-200" />
    </div>
  );
}
