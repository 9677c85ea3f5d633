import { defaultLanguage, languages, type Language } from '#common/i18n/languages.ts';
import { indexablePagePaths, privatePathPrefixes } from '#common/pages.ts';
import { localizedPath } from '#common/site-addresses.ts';
import { publishedArticleEntries, type NewsDeps } from '#server/features/news/news.service.ts';

/** robots.txt: every public page may be crawled, the API and the private pages (common/pages.ts) in every language may not, and the sitemap is named. */
export function robotsTxt(appUrl: string): string {
  const disallowed = ['/api/', ...privatePathPrefixes.flatMap((path) => languages.map((language) => localizedPath(path, language)))];
  return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One address of the sitemap with its versions in the other languages; a search engine that knows none of them is sent to Spanish. */
function urlEntry(appUrl: string, path: string, language: Language, versions: Language[], lastModified?: Date): string {
  const href = (version: Language) => escapeXml(`${appUrl}${localizedPath(path, version)}`);
  const alternates = [
    ...versions.map((version) => `    <xhtml:link rel="alternate" hreflang="${version}" href="${href(version)}"/>`),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${href(defaultLanguage)}"/>`,
  ];
  return [
    '  <url>',
    `    <loc>${href(language)}</loc>`,
    ...(lastModified ? [`    <lastmod>${lastModified.toISOString()}</lastmod>`] : []),
    ...alternates,
    '  </url>',
  ].join('\n');
}

/**
 * sitemap.xml: every indexable page in each language, and every published article in each
 * language it is written in. A Spanish-only article is listed at its Spanish address alone: the
 * English and French sites show it in Spanish, the same text a search engine already has
 * (docs/decisions/024-news-in-languages-and-the-sitemap.md).
 */
export async function sitemapXml(deps: NewsDeps, appUrl: string): Promise<string> {
  const pages = indexablePagePaths.flatMap((path) => languages.map((language) => urlEntry(appUrl, path, language, [...languages])));
  const articles = (await publishedArticleEntries(deps)).flatMap((article) =>
    article.languages.map((language) => urlEntry(appUrl, `/noticias/${article.id}`, language, article.languages, article.lastModified)),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages,
    ...articles,
    '</urlset>',
    '',
  ].join('\n');
}
