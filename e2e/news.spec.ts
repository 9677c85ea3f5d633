import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, sampleAdmin, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor, untilInteractive } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('home and news', () => {
  let empty: RunningServer;
  let seeded: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async (server: RunningServer, storage: Record<string, string> = consented) => {
    const context = await newVisitor(browser, server.url, storage);
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    [empty, seeded, browser] = await Promise.all([startServer(), startServer({ withDemoNews: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await Promise.all([empty?.stop(), seeded?.stop()]);
  });

  it('home without news: no news block at all, rather than one that says there is none', async () => {
    const page = await visitor(empty);
    await page.goto('/');
    await page.getByRole('heading', { name: '¿Por qué confiar en nosotros?' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Últimas noticias' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ver todas las noticias' }).count()).toBe(0);
    await expectHealthyPage(page);
  });

  it('news page without news shows the empty state', async () => {
    const page = await visitor(empty);
    await page.goto('/noticias');
    await page.getByText('No hay noticias disponibles en este momento.').waitFor();
    await expectHealthyPage(page);
  });

  it('home with news: the three latest articles with long dates, and the view-all button', async () => {
    const page = await visitor(seeded);
    await page.goto('/');
    const viewAll = page.getByRole('link', { name: 'Ver todas las noticias' });
    await viewAll.waitFor();
    const headings = await page.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toEqual(
      expect.arrayContaining([
        'Nuevo Reglamento de Extranjería: lo que cambia para el arraigo',
        'Cita previa para la TIE en Alicante: consejos prácticos',
        'Traducciones juradas: cuándo las necesitas',
      ]),
    );
    expect(headings).not.toContain('Nacionalidad española: exámenes DELE A2 y CCSE');
    expect(await page.getByRole('main').textContent()).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
    await expectHealthyPage(page);
    await viewAll.click();
    await page.waitForURL('**/noticias');
  });

  it('news page lists every article in a grid and opens one', async () => {
    const page = await visitor(seeded);
    await page.goto('/noticias');
    await page.getByRole('heading', { level: 2, name: 'Nacionalidad española: exámenes DELE A2 y CCSE' }).waitFor();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(4);
    await expectHealthyPage(page);

    await page.getByRole('link', { name: /Cita previa para la TIE/ }).first().click();
    await page.waitForURL(/\/noticias\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Cita previa para la TIE en Alicante: consejos prácticos' }).waitFor();
    await page.getByRole('main').getByText('tasa 790-012', { exact: false }).first().waitFor();
    await expectHealthyPage(page);
    await page.getByRole('link', { name: 'Volver a noticias' }).first().click();
    await page.waitForURL('**/noticias');
  });

  it('news article that does not exist shows the not-found state', async () => {
    const page = await visitor(seeded);
    await page.goto('/noticias/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Noticia no encontrada' }).waitFor();
    await expectHealthyPage(page);
  });

  /** Switches the site's language with the header's picker, as a visitor does; the page stays the same. */
  async function switchTo(page: Page, from: string, to: string) {
    await page.getByRole('button', { name: new RegExp(`: ${from}`) }).click();
    await page.getByRole('menuitem', { name: to }).click();
  }

  it('the admin writes an article in Spanish and English; the English site shows the English text, the French one the Spanish text marked', async () => {
    createAdmin(seeded.dataDir);
    const adminContext = await newVisitor(browser, seeded.url, consented);
    contexts.push(adminContext);
    await signIn(adminContext, sampleAdmin);
    const admin = await adminContext.newPage();
    await admin.goto('/admin?tab=noticias');
    await admin.getByRole('button', { name: 'Nueva noticia' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nueva noticia' });
    await dialog.getByLabel('Título (Español)').fill('Horario de verano de la oficina');
    await dialog.getByLabel('Contenido (Español)').fill('En julio y agosto abrimos **de 8:00 a 15:00**.');
    await dialog.getByLabel('Título (Inglés)').fill('Summer opening hours');
    await dialog.getByRole('button', { name: 'Guardar noticia' }).click();
    // The English version has a title and no body: the form's contract names the missing field.
    const englishBody = dialog.getByLabel('Contenido (Inglés)');
    await dialog.getByText('Este campo es obligatorio').waitFor();
    expect(await englishBody.getAttribute('aria-invalid')).toBe('true');
    await englishBody.fill('In July and August we open **from 8:00 to 15:00**.');
    await dialog.getByRole('button', { name: 'Guardar noticia' }).click();
    await expectToast(admin, 'Noticia guardada');
    const row = admin.getByRole('tabpanel', { name: 'Noticias' }).getByRole('row').filter({ hasText: 'Horario de verano de la oficina' });
    await row.getByText('Español, Inglés').waitFor();

    const page = await visitor(seeded);
    await page.goto('/noticias');
    await page.getByRole('heading', { level: 2, name: 'Horario de verano de la oficina' }).waitFor();
    await switchTo(page, 'Español', 'English');
    const english = page.getByRole('heading', { level: 2, name: 'Summer opening hours' });
    await english.waitFor();
    expect(await english.getAttribute('lang')).toBeNull();
    await page.getByRole('link', { name: 'Read more: Summer opening hours' }).click();
    await page.getByRole('heading', { level: 1, name: 'Summer opening hours' }).waitFor();
    await page.getByRole('main').getByText('In July and August we open from 8:00 to 15:00.').first().waitFor();
    expect(await page.getByText('Only available in Spanish').count()).toBe(0);
    await expectHealthyPage(page);

    await switchTo(page, 'English', 'Français');
    const spanish = page.getByRole('heading', { level: 1, name: 'Horario de verano de la oficina' });
    await spanish.waitFor();
    expect(await spanish.getAttribute('lang')).toBe('es');
    await page.getByText('Disponible uniquement en espagnol').waitFor();
    await expectHealthyPage(page);
  });

  it('a Spanish-only article on the English site is shown in Spanish, marked as such, beside the English ones', async () => {
    const page = await visitor(seeded);
    await page.goto('/noticias');
    await page.getByRole('heading', { level: 2, name: 'Cita previa para la TIE en Alicante: consejos prácticos' }).waitFor();
    expect(await page.getByText('Solo disponible en español').count()).toBe(0);
    await switchTo(page, 'Español', 'English');
    await page.getByRole('heading', { level: 2, name: 'TIE appointments in Alicante: practical tips' }).waitFor();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nacionalidad española: exámenes DELE A2 y CCSE' }) });
    await card.getByText('Only available in Spanish').waitFor();
    expect(await card.getByRole('heading').getAttribute('lang')).toBe('es');
    expect(await page.getByText('Only available in Spanish').count()).toBe(1);
    await expectHealthyPage(page);

    await card.getByRole('link').click();
    const title = page.getByRole('heading', { level: 1, name: 'Nacionalidad española: exámenes DELE A2 y CCSE' });
    await title.waitFor();
    expect(await title.getAttribute('lang')).toBe('es');
    await page.getByText('Only available in Spanish').waitFor();
    // The prose's code comes once the article is drawn (it hydrates on intent on a first visit).
    await page.locator('[lang="es"]').filter({ hasText: 'Organiza tu calendario con antelación' }).waitFor();
    await expectHealthyPage(page);
  });

  it('serves a sitemap a browser reads as XML, with the English article at its /en/ address, and robots.txt naming it', async () => {
    const page = await visitor(seeded);
    await page.goto('/');
    const read = await page.evaluate(async () => {
      const xml = await (await fetch('/sitemap.xml')).text();
      const document = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        parserErrors: document.getElementsByTagName('parsererror').length,
        locs: [...document.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
        robots: await (await fetch('/robots.txt')).text(),
      };
    });
    expect(read.parserErrors).toBe(0);
    expect(read.locs).toContain(`${seeded.url}/en/noticias`);
    const english = (await (await fetch(`${seeded.url}/api/news?lang=en`)).json()) as Array<{ id: string; language: string }>;
    for (const article of english) {
      const address = `${seeded.url}/en/noticias/${article.id}`;
      expect(read.locs.includes(address), address).toBe(article.language === 'en');
    }
    expect(read.robots).toContain(`Sitemap: ${seeded.url}/sitemap.xml`);
  });

  it('news page in English with a failing server shows the error on the page and in a toast reachable with F8', async () => {
    const page = await visitor(seeded, { ...consented, lang: 'en' });
    await page.goto('/');
    await page.waitForURL('**/en/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The server renders the news page with its own data: the browser asks the API on its way there,
    // which is the browser's own navigation, once the page answers (before, the link loads the server's page).
    await untilInteractive(page);
    await page.route('**/api/news*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News' }).click();
    const message = 'Error loading news. Please try again later.';
    await page.getByRole('main').getByText(message).waitFor({ timeout: 20_000 });
    const toast = page.getByRole('region', { name: /Notifications \(F8\)/ });
    await toast.getByText(message).waitFor();
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('[role=region]')?.getAttribute('aria-label'))).toMatch(
      /Notifications/,
    );
  });
});
