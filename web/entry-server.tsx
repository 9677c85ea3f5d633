import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { languages, type Language } from '#common/i18n/languages.ts';
import type { Catalog } from '#common/i18n/translate.ts';
import { newsArticleParamsSchema } from '#common/news/news.contract.ts';
import { matchPage } from '#common/pages.ts';
import type { PageDataSource, PageRenderRequest, RenderedPage } from '#common/page-render.ts';
import { languageBasename, localizedPath } from '#common/site-addresses.ts';
import { AppRoutes } from './app/router.tsx';
import { createQueryClient, Providers } from './app/providers.tsx';
import { legalTextQuery } from './features/legal/api/legal.queries.ts';
import { latestNewsQuery, newsArticleQuery } from './features/news/api/news.queries.ts';
import { homeNewsLimit } from './features/news/components/latest-news.tsx';
import { sectionPageQuery } from './features/sections/api/sections.queries.ts';
import { servicesKeys } from './features/services/api/services.queries.ts';
import { FirmContext } from './lib/firm.ts';
import { PageModulesContext } from './lib/page-modules.ts';
import { fulfilled, TranslationsContext, type Translations } from './lib/translation.tsx';

/** Every catalog is in the server bundle: a page renders in one pass, never waiting on a namespace. */
const catalogs = import.meta.glob<Catalog>('../common/i18n/locales/*/*.json', { eager: true, import: 'default' });

function bundledTranslations(language: Language): Translations {
  const namespaces = new Map<string, Catalog>();
  for (const [file, catalog] of Object.entries(catalogs)) {
    const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(file);
    if (match?.[1] === language && match[2]) namespaces.set(match[2], catalog);
  }
  return {
    language,
    catalog: (namespace) => namespaces.get(namespace),
    load(namespace) {
      const catalog = namespaces.get(namespace);
      if (!catalog) throw new Error(`missing catalog ${language}/${namespace}`);
      return fulfilled(catalog);
    },
  };
}

/** One per language, made once: a render only reads it, so requests share it safely. */
const translationsByLanguage = new Map(languages.map((language) => [language, bundledTranslations(language)]));

/**
 * The answers a page's queries need before it can show its content, read from the server's
 * services under the very keys the page's hooks use, so the browser takes them as already loaded.
 * The page is found in the page table (common/pages.ts), as the router finds it.
 */
async function prefetchPageData(queryClient: QueryClient, path: string, language: Language, source: PageDataSource): Promise<{ isFound: boolean }> {
  const match = matchPage(path);
  if (!match) return { isFound: false };
  const { route, params } = match;
  const prefetch = <T,>(queryKey: readonly unknown[], load: () => Promise<T>) => queryClient.prefetchQuery({ queryKey, queryFn: load });
  switch (route.page) {
    case 'home':
      await prefetch(latestNewsQuery(language, homeNewsLimit).queryKey, () => source.latestNews(homeNewsLimit, language));
      break;
    case 'services':
    case 'start-case':
      await prefetch(servicesKeys.catalogue(language), () => source.serviceCatalogue(language));
      break;
    case 'news-list':
      await prefetch(latestNewsQuery(language, undefined).queryKey, () => source.latestNews(undefined, language));
      break;
    case 'section':
      await prefetch(sectionPageQuery(language, route.sectionId).queryKey, () => source.sectionPage(route.sectionId, language));
      break;
    case 'legal':
      await queryClient.prefetchQuery(legalTextQuery(language, route.legalFile));
      break;
    case 'news-article': {
      const parsed = newsArticleParamsSchema.safeParse(params);
      const found = parsed.success ? await source.newsArticle(parsed.data.id, language) : null;
      if (!parsed.success || !found) return { isFound: false };
      queryClient.setQueryData(newsArticleQuery(language, parsed.data.id).queryKey, found);
      break;
    }
  }
  return { isFound: true };
}

/**
 * React puts what a page hoists (its <title> and <meta>) before the markup when it renders less
 * than a whole document: those go to the head, the rest into #root.
 */
function splitHoisted(markup: string): { head: string; html: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)*/.exec(markup)?.[0] ?? '';
  return { head: hoisted, html: markup.slice(hoisted.length) };
}

/** Renders one public page in one language with its data; React waits for every lazy part (prerender). */
export async function renderPage({ path, search, language, firm, source }: PageRenderRequest): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const { isFound } = await prefetchPageData(queryClient, path, language, source);
  const translations = translationsByLanguage.get(language);
  if (!translations) throw new Error(`no translations for ${language}`);
  const modules = new Set<string>();
  const { prelude } = await prerender(
    <TranslationsContext value={translations}>
      <FirmContext value={firm}>
        <PageModulesContext value={modules}>
          <Providers queryClient={queryClient} isRenderedOnServer>
            <StaticRouter basename={languageBasename(language)} location={localizedPath(path, language) + search}>
              <AppRoutes />
            </StaticRouter>
          </Providers>
        </PageModulesContext>
      </FirmContext>
    </TranslationsContext>,
    // The whole page in order, no boundary sent apart to be moved by an inline script: it is
    // complete before it is sent, it must read without JavaScript, and the CSP runs only the inline
    // scripts it knows by their hashes (server/platform/shell.ts).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const { head, html } = splitHoisted(await new Response(prelude).text());
  return { status: isFound ? 200 : 404, head, html, state: dehydrate(queryClient), modules: [...modules] };
}
