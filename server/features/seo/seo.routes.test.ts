import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexablePagePaths } from '#common/pages.ts';
import { pageInEveryLanguage } from '#common/site-addresses.ts';
import { news } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createNews } from '#server/test/factories.ts';

const appUrl = 'https://asesoria.example';

/** The sitemap's entries: each address with its lastmod and its alternates by hreflang. */
function entries(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(body)?.[1],
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1],
    alternates: Object.fromEntries([...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang, href])),
  }));
}

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // A built site beside the API, so its catch-all for pages and files is in place.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><!--firm-data--></head><body>the shell</body></html>');
    fs.writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    t = await createTestApp({ webDir, env: { APP_URL: appUrl } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('robots.txt lets crawlers read the site but not the API nor the private pages in any language, and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines.slice(0, 3)).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/']);
    for (const path of ['/admin', '/en/admin', '/fr/admin', '/panel', '/en/panel', '/perfil', '/fr/perfil', '/checkout', '/pago', '/presupuesto/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Robots match by prefix: no rule may reach a page meant for search.
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    const publicPages = indexablePagePaths.flatMap((page) => Object.values(pageInEveryLanguage(page)));
    expect(publicPages.filter((page) => disallowed.some((rule) => page.startsWith(rule)))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists every indexable page in each language and every published article in each of its languages, and nothing else', async () => {
    const everyLanguage = await createNews(t.database.db, {
      title: 'Ley nueva',
      en: { title: 'New law', content: 'Text.' },
      fr: { title: 'Nouvelle loi', content: 'Texte.' },
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });
    const spanishOnly = await createNews(t.database.db, { title: 'Solo en español', createdAt: new Date('2026-03-02T10:00:00Z') });
    const scheduled = await createNews(t.database.db, { title: 'Programada', en: { title: 'Scheduled', content: 'Later.' }, createdAt: new Date('2099-01-01T00:00:00Z') });
    // Edited after its publication: the edit is its last change. Written before its publication: its appearance is.
    await t.database.db.update(news).set({ updatedAt: new Date('2026-03-05T08:00:00Z') }).where(eq(news.id, everyLanguage.id));
    await t.database.db.update(news).set({ updatedAt: new Date('2026-02-20T08:00:00Z') }).where(eq(news.id, spanishOnly.id));

    const response = await t.app.inject({ url: '/sitemap.xml', headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);

    const listed = entries(response.body);
    const pages = indexablePagePaths.flatMap((page) => [
      `${appUrl}${page}`,
      `${appUrl}${page === '/' ? '/en/' : `/en${page}`}`,
      `${appUrl}${page === '/' ? '/fr/' : `/fr${page}`}`,
    ]);
    const articles = [
      `${appUrl}/noticias/${everyLanguage.id}`,
      `${appUrl}/en/noticias/${everyLanguage.id}`,
      `${appUrl}/fr/noticias/${everyLanguage.id}`,
      `${appUrl}/noticias/${spanishOnly.id}`,
    ];
    expect(listed.map((entry) => entry.loc).sort()).toEqual([...pages, ...articles].sort());
    expect(response.body).not.toContain(scheduled.id);
    expect(listed.every((entry) => entry.loc?.startsWith(`${appUrl}/`))).toBe(true);

    expect(listed.find((entry) => entry.loc === `${appUrl}/en/servicios`)).toEqual({
      loc: `${appUrl}/en/servicios`,
      lastmod: undefined,
      alternates: { es: `${appUrl}/servicios`, en: `${appUrl}/en/servicios`, fr: `${appUrl}/fr/servicios`, 'x-default': `${appUrl}/servicios` },
    });
    expect(listed.find((entry) => entry.loc === `${appUrl}/fr/noticias/${everyLanguage.id}`)).toEqual({
      loc: `${appUrl}/fr/noticias/${everyLanguage.id}`,
      lastmod: '2026-03-05T08:00:00.000Z',
      alternates: {
        es: `${appUrl}/noticias/${everyLanguage.id}`,
        en: `${appUrl}/en/noticias/${everyLanguage.id}`,
        fr: `${appUrl}/fr/noticias/${everyLanguage.id}`,
        'x-default': `${appUrl}/noticias/${everyLanguage.id}`,
      },
    });
    expect(listed.find((entry) => entry.loc === `${appUrl}/noticias/${spanishOnly.id}`)).toEqual({
      loc: `${appUrl}/noticias/${spanishOnly.id}`,
      lastmod: '2026-03-02T10:00:00.000Z',
      alternates: { es: `${appUrl}/noticias/${spanishOnly.id}`, 'x-default': `${appUrl}/noticias/${spanishOnly.id}` },
    });
  });

  it('answers HEAD too, as crawlers sometimes ask', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  });
});
