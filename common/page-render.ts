import type { Firm } from './firm.ts';
import type { Language } from './i18n/languages.ts';
import type { NewsArticle } from './news/news.contract.ts';
import type { SectionId } from './sections/section-addresses.ts';
import type { SectionPage } from './sections/sections.contract.ts';
import type { ServiceOffer } from './services/services.contract.ts';

/**
 * What a server-rendered page may show from the database, read by the server's own services (no
 * HTTP round trip): the same shapes the API answers, so the browser's queries take them as theirs.
 */
export type PageDataSource = {
  serviceCatalogue(language: Language): Promise<ServiceOffer[]>;
  /** Without a limit, as many as GET /api/news gives by default. */
  latestNews(limit: number | undefined, language: Language): Promise<NewsArticle[]>;
  /** null when no published article has this id. */
  newsArticle(id: string, language: Language): Promise<NewsArticle | null>;
  sectionPage(id: SectionId, language: Language): Promise<SectionPage>;
};

export type PageRenderRequest = {
  /** The address without its language prefix: `/servicios` for `/en/servicios`. */
  path: string;
  /** The query string, `?…` or empty: some pages read it (`/iniciar-tramite?servicio=arraigo`). */
  search: string;
  language: Language;
  firm: Firm;
  source: PageDataSource;
};

export type RenderedPage = {
  /** 404 for an address the site has no page for, or an article that does not exist. */
  status: 200 | 404;
  /** The page's <title> and <meta name="description">, for the document's head. */
  head: string;
  /** The markup inside #root. */
  html: string;
  /** TanStack Query's dehydrated cache: what the page's queries were given, so hydration asks nothing again. */
  state: unknown;
  /** The route modules the page drew, as Vite's manifest names them (`app/routes/site/home-page.tsx`). */
  modules: string[];
};

/** web/entry-server.tsx, built by Vite into dist/ssr/entry-server.js, which the server imports. */
export type PageRenderer = { renderPage(request: PageRenderRequest): Promise<RenderedPage> };
