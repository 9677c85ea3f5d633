import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
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

  it('home without news: no articles and no view-all button', async () => {
    const page = await visitor(empty);
    await page.goto('/');
    await page.getByText('Todavía no hemos publicado noticias.').waitFor();
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
    expect(await page.getByRole('main').textContent()).toMatch(/\d{1,2} de [a-z]+, \d{4}/);
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
    expect(await page.getByRole('main').textContent()).toContain('tasa 790-012');
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

  it('news page in English with a failing server shows the error on the page and in a toast reachable with F8', async () => {
    const page = await visitor(seeded, { ...consented, lang: 'en' });
    await page.route('**/api/news*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/noticias');
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
