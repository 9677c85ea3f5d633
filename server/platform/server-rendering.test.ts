import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, type Language } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import { indexablePagePaths } from '#common/pages.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { localizedPath } from '#common/site-addresses.ts';
import { serviceInputOf, type AdminService } from '#common/services/services.admin.contract.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createNews } from '#server/test/factories.ts';
import { buildWeb, isWebBuildStale, root } from '../../scripts/lib/web-build.mjs';
import { headingOf, mainOf, textOf } from '#server/test/page-text.ts';

const origin = 'https://asesoria.example';

const headOf = (body: string) => /<head>([\s\S]*)<\/head>/.exec(body)?.[1] ?? '';
const linkHref = (head: string, attributes: string) => new RegExp(`<link ${attributes} href="([^"]*)"`).exec(head)?.[1];
const metaContent = (head: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(head)?.[1];

describe('public pages rendered on the server', () => {
  let t: TestApp;

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    if (isWebBuildStale()) await buildWeb();
    t = await createTestApp({ webDir: path.join(root, 'dist/web'), env: { APP_URL: origin } });
    await createNews(t.database.db, { title: 'Cita previa para huellas en Alicante', content: 'La comisaría abre nuevas citas para la toma de huellas del TIE cada lunes por la mañana.' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(languages)('answers every public page in %s with its heading, its text, its language and its addresses', async (language) => {
    for (const path of indexablePagePaths.filter((candidate) => candidate !== '/iniciar-tramite')) {
      const address = localizedPath(path, language);
      const response = await page(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.body).toContain(`<html lang="${language}">`);
      expect(headingOf(response.body), address).not.toBe('');
      expect(textOf(mainOf(response.body)).length, address).toBeGreaterThan(100);

      const head = headOf(response.body);
      expect(head, address).toMatch(/<title>[^<]+ \| Asesoría Elche<\/title>/);
      expect(head).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
      expect(linkHref(head, 'rel="canonical"')).toBe(`${origin}${address}`);
      for (const other of languages) expect(linkHref(head, `rel="alternate" hreflang="${other}"`)).toBe(`${origin}${localizedPath(path, other)}`);
      expect(linkHref(head, 'rel="alternate" hreflang="x-default"')).toBe(`${origin}${path}`);
      expect(metaContent(head, 'og:url')).toBe(`${origin}${address}`);
      expect(metaContent(head, 'og:title')).toBe(/<title>([^<]*)<\/title>/.exec(head)?.[1]);
      expect(metaContent(head, 'og:locale')).toBe({ es: 'es_ES', en: 'en_GB', fr: 'fr_FR' }[language]);
      const structured = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1] ?? '{}') as Record<string, unknown>;
      expect(structured).toMatchObject({ '@type': 'LegalService', inLanguage: language, url: `${origin}${localizedPath('/', language)}` });
    }
  });

  it('writes each page in its language: the same page has another heading in each', async () => {
    for (const path of ['/', '/servicios', '/compraventa', '/aviso-legal']) {
      const headings = await Promise.all(languages.map(async (language) => headingOf((await page(localizedPath(path, language))).body)));
      expect(new Set(headings).size, path).toBe(languages.length);
    }
  });

  it.each(languages)('shows every price of the catalogue on the services page in %s, and hands the catalogue to the browser', async (language: Language) => {
    const catalogue = (await t.app.inject({ url: '/api/services', headers: { 'accept-language': language } })).json<ServiceOffer[]>();
    const response = await page(localizedPath('/servicios', language));
    const text = textOf(mainOf(response.body));
    const priced = catalogue.filter((offer) => offer.priceCents !== null);
    expect(priced.length).toBeGreaterThan(3);
    for (const offer of priced) {
      expect(text).toContain(offer.title);
      expect(text).toContain(formatMoney(offer.priceCents ?? 0, offer.currency, language).replace(/\u00a0|\u202f/g, ' '));
    }
    const state = JSON.parse(/<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(response.body)?.[1] ?? '{}') as {
      queries: Array<{ queryKey: unknown[]; state: { data: unknown } }>;
    };
    expect(state.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(['services', language]))?.state.data).toEqual(catalogue);
  });

  it('shows a published article at its address, with its text in the page, and answers 404 for one that does not exist', async () => {
    const article = await createNews(t.database.db, { title: 'Nuevo plazo para el arraigo </script><b>', content: 'El plazo cambia **en marzo**.' });
    const response = await page(`/noticias/${article.id}`);
    expect(response.statusCode).toBe(200);
    expect(headingOf(response.body)).toBe('Nuevo plazo para el arraigo </script><b>');
    expect(textOf(mainOf(response.body))).toContain('El plazo cambia en marzo');
    // The article travels to the browser as inert JSON: nothing in it closes the script element.
    const data = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(data).toContain('\\u003c/script>');

    const list = await page('/noticias');
    expect(textOf(mainOf(list.body))).toContain('Nuevo plazo para el arraigo');

    const missing = await page('/en/noticias/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(headOf(missing.body)).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(languages)('answers an address without a page with the 404 page in %s and a 404 status', async (language) => {
    const response = await page(localizedPath('/no-existe', language));
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(`<html lang="${language}">`);
    expect(headingOf(response.body)).not.toBe('');
    expect(headOf(response.body)).not.toContain('rel="canonical"');
  });

  it('leaves the portal, the back office and the sign-in forms to the browser: their shell holds no page', async () => {
    for (const url of ['/panel', '/admin', '/acceder', '/en/registro', '/iniciar-tramite']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    expect((await page('/fr/panel')).body).toContain('<html lang="fr">');
  });

  it('answers a page again with its ETag and 304 to a browser that has it, and renders it again after an admin changes a price', async () => {
    const admin: TestAccount = await createAccount(t, { role: 'admin' });
    const first = await page('/en/servicios');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/en/servicios', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const services = (await t.app.inject({ url: '/api/admin/services', headers: { cookie: admin.cookie } })).json<{ items: AdminService[] }>();
    const arraigo = services.items.find((service) => service.id === 'arraigo');
    if (!arraigo) throw new Error('no arraigo service');
    const { priceCents } = arraigo;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/services/arraigo',
      headers: { cookie: admin.cookie },
      payload: { ...serviceInputOf(arraigo), priceCents: 31_234 },
    });
    expect(saved.statusCode).toBe(200);

    const changed = await t.app.inject({ url: '/en/servicios', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(textOf(mainOf(changed.body))).toContain(formatMoney(31_234, 'eur', 'en'));
    expect(textOf(mainOf(changed.body))).not.toContain(formatMoney(priceCents ?? 0, 'eur', 'en'));
  });

  it('sends a drawn page and the shell compressed to a browser that takes it, the same page once decoded, each encoding with its own tag', async () => {
    for (const url of ['/fr/extranjeria/reagrupacion', '/servicios', '/no-existe', '/panel']) {
      const plain = await page(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toContain('Accept-Encoding');
      for (const [encoding, decode] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const response = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': `${encoding}, deflate` } });
        expect(response.statusCode, url).toBe(plain.statusCode);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(response.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(response.rawPayload).toString('utf8'), url).toBe(plain.body);
        if (plain.headers.etag) expect(response.headers.etag, url).not.toBe(plain.headers.etag);
      }
    }
  });

  it('shows an article dated a moment ahead once that moment comes, though no write announces it', async () => {
    const title = 'Nuevas citas de extranjería en Elche';
    await createNews(t.database.db, { title, createdAt: new Date(Date.now() + 1500) });
    expect(textOf(mainOf((await page('/noticias')).body))).not.toContain(title);
    let shown = false;
    for (let attempt = 0; attempt < 100 && !shown; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = textOf(mainOf((await page('/noticias')).body)).includes(title);
    }
    expect(shown).toBe(true);
  });

  it('asks for a rendered page\'s scripts once it has painted, its route\'s chunk with the entry\'s, and leaves the shell\'s in its head', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'dist/web/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const fileOf = (name: string) => `/${manifest[name]?.file}`;
    const entryImports = (manifest['index.html']?.imports ?? []).map(fileOf);
    expect(entryImports.length).toBeGreaterThan(0);
    const pages = {
      '/': 'home-page.tsx',
      '/en/contacto': 'contact-page.tsx',
      '/fr/servicios': 'services-page.tsx',
      '/aviso-legal': 'legal-page.tsx',
      '/no-existe': 'not-found-page.tsx',
    };
    for (const [url, route] of Object.entries(pages)) {
      const { body } = await page(url);
      expect(headOf(body), url).not.toMatch(/<script type="module"|rel="modulepreload"/);
      const scripts = JSON.parse(/<script id="page-scripts" type="application\/json">(.*?)<\/script><script>/.exec(body)?.[1] ?? '{}') as { entry: string; preload: string[] };
      expect(scripts.entry, url).toBe(fileOf('index.html'));
      expect(scripts.preload, url).toEqual(expect.arrayContaining([...entryImports, fileOf(`app/routes/site/${route}`)]));
      for (const file of scripts.preload) expect(fs.existsSync(path.join(root, 'dist/web', file)), file).toBe(true);
    }
    for (const url of ['/panel', '/admin']) {
      const { body } = await page(url);
      expect(headOf(body), url).toContain(`<script type="module" crossorigin src="${fileOf('index.html')}"></script>`);
      for (const file of entryImports) expect(headOf(body), url).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
      expect(body, url).not.toContain('id="page-scripts"');
    }
  });

  it('allows only its own inline scripts, by their hashes: the language redirect, the presses held until the page answers, and on a rendered page its scripts\' loader', async () => {
    const inlineHashes = (body: string) =>
      [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`);
    const rendered = await page('/');
    const hashes = inlineHashes(rendered.body);
    expect(hashes).toHaveLength(3);
    expect(rendered.headers['content-security-policy']).toContain(`script-src 'self' ${hashes.join(' ')};`);
    const shell = await page('/panel');
    expect(inlineHashes(shell.body)).toEqual(hashes.slice(0, 2));
    expect(shell.headers['content-security-policy']).toBe(rendered.headers['content-security-policy']);
  });
});
