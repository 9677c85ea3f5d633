import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../e2e/support/chromium.mjs';
import { freePort, repoRoot } from '../processes.ts';

const builtSite = path.join(repoRoot, 'dist/web');

/** Every script but data (JSON-LD), and the module preloads: what is left needs no JavaScript. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
}

const hasContent = (html: string) => !/<div id="root">\s*<\/div>/.test(html);

/** The file a page's path is saved to: `/` → index.html, `/en/` → en/index.html, `/servicios` → servicios.html. */
const fileOf = (dir: string, pagePath: string) => path.join(dir, pagePath.endsWith('/') ? `${pagePath}index.html` : `${pagePath}.html`);

/**
 * Saves each page as the server sends it, without its scripts. A server that sends an empty shell
 * (pages drawn only by the browser) has nothing to compare with: the page as Chromium drew it is
 * saved instead (with cookies already chosen, so no banner covers it), and the source says so.
 */
export async function saveStaticCopies(origin: string, paths: string[], dir: string): Promise<{ source: string }> {
  const served = await Promise.all(paths.map(async (pagePath) => (await fetch(`${origin}${pagePath}`)).text()));
  let pages = served;
  let source = "the server's HTML";
  if (!served.every(hasContent)) {
    source = 'the DOM Chromium drew: the server sends an empty shell';
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'es-ES' });
      await context.addInitScript({ content: "localStorage.setItem('cookie-consent', 'rejected')" });
      const page = await context.newPage();
      pages = [];
      for (const pagePath of paths) {
        await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
        pages.push(await page.content());
      }
    } finally {
      await browser.close();
    }
  }
  paths.forEach((pagePath, index) => {
    const file = fileOf(dir, pagePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, withoutScripts(pages[index] ?? ''));
  });
  return { source };
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A bare node:http server of the saved pages and of the built site's styles, images and fonts
 * (never its scripts), gzipped like the product's answers so that only the scripts differ.
 */
export async function startStaticServer(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const isServable = (file: string) =>
    (file.startsWith(dir) || file.startsWith(builtSite)) && path.extname(file) in contentTypes && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://static').pathname);
    const file = [fileOf(dir, pathname), path.join(builtSite, pathname)].find(isServable);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = fs.readFileSync(file);
    const headers: http.OutgoingHttpHeaders = { 'content-type': contentTypes[path.extname(file)] };
    const isText = /^(text\/|image\/svg)/.test(String(headers['content-type']));
    if (isText && /\bgzip\b/.test(String(request.headers['accept-encoding']))) {
      response.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(zlib.gzipSync(body));
    } else {
      response.writeHead(200, headers).end(body);
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
