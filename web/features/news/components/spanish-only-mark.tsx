import { Languages } from 'lucide-react';
import type { NewsArticle } from '#common/news/news.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/**
 * The language of an article's text when it differs from the page's (a Spanish-only article on
 * the English or French site), for its `lang` attribute; undefined when they agree.
 */
export function useForeignTextLanguage(article: NewsArticle): NewsArticle['language'] | undefined {
  const language = useLanguage();
  return article.language === language ? undefined : article.language;
}

/** Tells a reader of the English or French site that this article is shown in Spanish, the only language it was written in. */
export function SpanishOnlyMark() {
  const { t } = useTranslation('news');
  return (
    <p className="mt-2 inline-flex items-center gap-1.5 self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-inset ring-amber-600/30">
      <Languages className="h-3.5 w-3.5" aria-hidden />
      {t('spanishOnly')}
    </p>
  );
}
