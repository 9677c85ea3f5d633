import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, type Language } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import { sectionCatalog } from '#common/sections/section-catalog.ts';
import type { AdminSection, SectionPage } from '#common/sections/sections.contract.ts';
import { localizedPath } from '#common/site-addresses.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { buildWeb, isWebBuildStale, root } from '../../../scripts/lib/web-build.mjs';
import { headingOf, mainOf, textOf } from '#server/test/page-text.ts';

const origin = 'https://asesoria.example';

const normalized = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

/** Every JSON-LD object of the document, the shell's and the page's. */
function structuredDataOf(body: string): Array<Record<string, unknown>> {
  return [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const parsed = JSON.parse(match[1] ?? 'null') as Record<string, unknown> | Array<Record<string, unknown>>;
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

describe('the ten section pages, rendered on the server in every language', () => {
  let t: TestApp;
  let admin: TestAccount;

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });
  const data = async (id: string, language: Language) => (await t.app.inject({ url: `/api/sections/${id}?lang=${language}` })).json<SectionPage>();

  beforeAll(async () => {
    if (isWebBuildStale()) await buildWeb();
    t = await createTestApp({ webDir: path.join(root, 'dist/web'), env: { APP_URL: origin } });
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(languages)('answers each address in %s without JavaScript: its heading, its documents, its price, and nothing under construction', async (language) => {
    for (const section of sectionCatalog) {
      const address = localizedPath(section.path, language);
      const response = await page(address);
      expect(response.statusCode, address).toBe(200);
      const expected = await data(section.id, language);
      expect(expected.language, address).toBe(language);
      expect(headingOf(response.body), address).toBe(expected.texts.title);
      const text = textOf(mainOf(response.body));
      for (const procedure of expected.procedures) for (const item of procedure.items) expect(text, `${address}: ${item.title}`).toContain(textOf(item.title));
      if (expected.offer?.priceCents != null) expect(text, address).toContain(normalized(formatMoney(expected.offer.priceCents, expected.offer.currency, language)));
      for (const entry of expected.texts.faq) expect(text, address).toContain(textOf(entry.question));
      expect(response.body, address).not.toMatch(/construcci[oó]n|under construction|en construction/i);
    }
  });

  it('shows the documents and the price a visitor from each country reads', async () => {
    const french = textOf(mainOf((await page('/fr/extranjeria/reagrupacion')).body));
    expect(french).toContain('Regroupement familial en Espagne');
    expect(french).toContain("Rapport d'adéquation du logement");
    expect(french).toContain('500 €');
    const spanish = textOf(mainOf((await page('/extranjeria/arraigo')).body));
    expect(spanish).toContain('Certificado de antecedentes penales');
    expect(spanish).toContain('Apostillado o legalizado');
    expect(spanish).toContain('300 €');
    const english = textOf(mainOf((await page('/en/traducciones')).body));
    expect(english).toContain('Sworn Translator-Interpreter');
    expect(english).toContain('Ask for a translation quote');
    const hub = textOf(mainOf((await page('/extranjeria')).body));
    for (const title of ['Arraigo: residencia para quien ya vive en España', 'Reagrupación familiar', 'Nacionalidad española por residencia']) expect(hub).toContain(title);
  });

  it.each(languages)('gives each page in %s structured data that parses, with the firm, the service and its offer, the questions and the breadcrumb', async (language) => {
    for (const section of sectionCatalog) {
      const address = localizedPath(section.path, language);
      const objects = structuredDataOf((await page(address)).body);
      const types = new Set(objects.map((object) => object['@type']));
      for (const type of ['LegalService', 'Service', 'FAQPage', 'BreadcrumbList']) expect(types.has(type), `${address} ${type}`).toBe(true);
      const expected = await data(section.id, language);
      const service = objects.find((object) => object['@type'] === 'Service');
      expect(service).toMatchObject({ name: expected.texts.title, url: `${origin}${address}` });
      if (expected.offer?.priceCents != null) {
        expect(service?.offers, address).toMatchObject({ '@type': 'Offer', price: (expected.offer.priceCents / 100).toFixed(2), priceCurrency: 'EUR' });
      }
      const faq = objects.find((object) => object['@type'] === 'FAQPage') as { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> };
      expect(faq.mainEntity.map((entry) => entry.name)).toEqual(expected.texts.faq.map((entry) => entry.question));
      const breadcrumb = objects.find((object) => object['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ position: number; item: string }> };
      expect(breadcrumb.itemListElement.at(-1)).toMatchObject({ position: breadcrumb.itemListElement.length, item: `${origin}${address}` });
      expect(breadcrumb.itemListElement[0]?.item).toBe(`${origin}${localizedPath('/', language)}`);
    }
  });

  it.each(languages)("links every section page from the footer of any page, and the home page's cards to the three sections, in %s", async (language) => {
    const home = (await page(localizedPath('/', language))).body;
    const footer = /<footer[\s\S]*<\/footer>/.exec(home)?.[0] ?? '';
    for (const section of sectionCatalog) expect(footer, section.path).toContain(`href="${localizedPath(section.path, language)}"`);
    const main = mainOf(home);
    for (const path of ['/extranjeria', '/traducciones', '/expatriacion']) expect(main, path).toContain(`href="${localizedPath(path, language)}"`);
  });

  it('lists the thirty addresses in the sitemap, each with its alternates in the three languages', async () => {
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? '');
    for (const section of sectionCatalog) {
      for (const language of languages) {
        const entry = entries.find((candidate) => candidate.includes(`<loc>${origin}${localizedPath(section.path, language)}</loc>`));
        expect(entry, `${language} ${section.path}`).toBeDefined();
        for (const other of languages) expect(entry).toContain(`hreflang="${other}" href="${origin}${localizedPath(section.path, other)}"`);
        expect(entry).toContain(`hreflang="x-default" href="${origin}${section.path}"`);
      }
    }
  });

  it("shows the firm's new question at once after an admin saves it, in the language it was written in", async () => {
    const before = textOf(mainOf((await page('/fr/extranjeria/reagrupacion')).body));
    expect(before).not.toContain('Mon conjoint peut-il travailler ?');
    const list = (await t.app.inject({ url: '/api/admin/sections', headers: { cookie: admin.cookie } })).json<{ items: AdminSection[] }>();
    const current = list.items.find((item) => item.id === 'family-reunification');
    expect(current?.path).toBe('/extranjeria/reagrupacion');
    const fr = current?.texts.fr;
    if (!current || !fr) throw new Error('the seeded page has a French version');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/sections/family-reunification',
      headers: { cookie: admin.cookie },
      payload: { texts: { ...current.texts, fr: { ...fr, faq: [...fr.faq, { question: 'Mon conjoint peut-il travailler ?', answer: 'Oui, dès que son autorisation est accordée.' }] } } },
    });
    expect(saved.statusCode).toBe(200);
    const after = await page('/fr/extranjeria/reagrupacion');
    expect(textOf(mainOf(after.body))).toContain('Mon conjoint peut-il travailler ?');
    const faq = structuredDataOf(after.body).find((object) => object['@type'] === 'FAQPage') as { mainEntity: Array<{ name: string }> };
    expect(faq.mainEntity.at(-1)?.name).toBe('Mon conjoint peut-il travailler ?');
    expect(textOf(mainOf((await page('/extranjeria/reagrupacion')).body))).not.toContain('Mon conjoint peut-il travailler ?');
  });
});
