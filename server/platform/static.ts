import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Firm } from '#common/firm.ts';
import type { PageDataSource, PageRenderer } from '#common/page-render.ts';
import { isPagePath, matchPage } from '#common/pages.ts';
import { splitLanguagePrefix } from '#common/site-addresses.ts';
import { builtFiles } from './built-files.ts';
import { encodePage, pageEncodingFor, type EncodedPage } from './page-encoding.ts';
import { sendError } from './errors.ts';
import { pageScriptsOf, readManifest } from './page-scripts.ts';
import { renderPageDocument, renderShell } from './shell.ts';

/** A page of the site: a GET outside /api that a browser asks for, or any path without a file extension. */
function wantsPage(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const isFile = /\.[a-z0-9]+$/i.test(pathname);
  return !isFile || (request.headers.accept ?? '').includes('text/html');
}

/**
 * The pages the page table (common/pages.ts) has drawn on the server (their content is in the
 * HTML, for visitors and crawlers alike), and the 404 page. Only at the address as the table writes
 * it (a trailing slash aside): another spelling gets the shell, like the pages the browser draws
 * (forms behind a sign-in, the portal, the back office, the start-case page without its service).
 */
function isServerRendered(path: string, search: URLSearchParams): boolean {
  const match = matchPage(path);
  if (!match) return true;
  const { route, isExact } = match;
  return route.rendering !== undefined && isExact && (route.renderedWithQuery === undefined || search.has(route.renderedWithQuery));
}

/**
 * The built renderer (dist/ssr/entry-server.js, beside dist/web), with the browser build's manifest
 * that names each page's scripts; absent when only the browser's bundle was built.
 */
async function loadRenderer(webDir: string) {
  const rendererPath = path.join(webDir, '..', 'ssr', 'entry-server.js');
  const manifest = readManifest(webDir);
  if (!fs.existsSync(rendererPath) || !manifest) return undefined;
  const renderer = (await import(pathToFileURL(rendererPath).href)) as PageRenderer;
  return { renderPage: renderer.renderPage, scriptsOf: (modules: string[]) => pageScriptsOf(manifest, modules) };
}

/**
 * Serves the built site: hashed assets cached for a year, in the brotli or gzip copy the build made
 * when the browser accepts it; pages never cached by the browser without asking (ETag). Public pages are rendered on the server in the address's language; other client routes
 * get the shell; an address the site has no page for gets the 404 page with a 404 status. Unknown
 * API routes and files get the JSON 404.
 */
/** A page in the encoding the browser takes: @fastify/compress compresses routes' answers, and pages answer from the not-found handler. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedPage) {
  const encoding = pageEncodingFor(request.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(page[encoding]);
}

/** What the rendered pages read from the features, handed in by app.ts: the platform imports no feature. */
export type RenderedPagesData = {
  source: PageDataSource;
  /** Calls onChange when any instance changes what the public pages show; answers the content's current version. */
  followContentVersion: (onChange: () => void) => Promise<() => number | Promise<number>>;
  /** When the next scheduled article comes out, which no write announces. */
  nextScheduledArticleAt: () => Promise<Date | null>;
};

export const staticPlugin = fp<{ webDir: string; firm: Firm; appUrl: string; pages: RenderedPagesData }>(async (app, { webDir, firm, appUrl, pages }) => {
  const indexPath = path.join(webDir, 'index.html');
  const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  if (!indexHtml) app.log.warn({ webDir }, 'the web build is missing: only the API is served');
  const renderer = indexHtml ? await loadRenderer(webDir) : undefined;
  if (indexHtml && !renderer) app.log.warn({ webDir }, 'the server renderer is missing: every page is drawn by the browser');
  const origin = new URL(appUrl).origin;

  const { source } = pages;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      // Routes are made below, one per file of the build.
      serve: false,
      cacheControl: false,
      // The build wrote .br and .gz beside each text file (scripts/lib/web-build.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // A shared cache keeps the brotli, gzip and plain copies apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    // Each file by its exact name, so no spelling of a path ('/assets/../.vite/…', '….map/.')
    // reaches anything else; a route of the app (robots.txt) wins over a file of the same name.
    for (const url of builtFiles(webDir)) {
      if (!app.hasRoute({ method: 'GET', url })) app.get(url, (_request, reply) => reply.sendFile(url.slice(1)));
    }
  }

  /**
   * Rendered pages by language and path, each with the content version it was rendered at: one is
   * served only while the public content is still at that version, so no write is missed, whichever
   * instance made it, and only until the next scheduled article comes out, which no write
   * announces. Only pages without a query string and with status 200: a bounded set. Kept in
   * each encoding, so sending one neither encodes its text nor compresses it again.
   */
  const renderedPages = new Map<string, { version: number; until: number; etag: string; body: EncodedPage }>();
  /** The shell of each language: the same bytes for every page the browser draws. */
  const shells = new Map<string, EncodedPage>();
  const contentVersion = renderer ? await pages.followContentVersion(() => renderedPages.clear()) : undefined;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const queryStart = request.url.indexOf('?');
    const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    const search = queryStart === -1 ? '' : request.url.slice(queryStart);
    if (!indexHtml || !wantsPage(request, pathname)) return sendError(reply, request, 'notFound');
    const { language, path: page } = splitLanguagePrefix(pathname);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (renderer && contentVersion && isServerRendered(page, new URLSearchParams(search))) {
      const key = `${language}${page}`;
      const version = await contentVersion();
      let cached = search === '' ? renderedPages.get(key) : undefined;
      if (cached?.version !== version || Date.now() >= cached.until) {
        const nextArticleAt = await pages.nextScheduledArticleAt();
        const rendered = await renderer.renderPage({ path: page, search, language, firm, source });
        const body = Buffer.from(
          renderPageDocument(indexHtml, firm, { origin, language, path: page, page: rendered, scripts: renderer.scriptsOf(rendered.modules) }),
        );
        if (rendered.status !== 200) return sendPage(request, reply.code(rendered.status), encodePage(body));
        cached = {
          version,
          until: nextArticleAt?.getTime() ?? Infinity,
          body: encodePage(body),
          etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
        };
        if (search === '') renderedPages.set(key, cached);
      }
      // Each encoding is its own representation, with its own tag.
      const etag = `"${cached.etag}-${pageEncodingFor(request.headers['accept-encoding'])}"`;
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return sendPage(request, reply.code(200), cached.body);
    }
    let shell = shells.get(language);
    if (!shell) {
      shell = encodePage(Buffer.from(renderShell(indexHtml, firm, language, origin)));
      shells.set(language, shell);
    }
    return sendPage(request, reply.code(isPagePath(page) ? 200 : 404), shell);
  });
});
