import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consented, expectHealthyPage, launchBrowser, newVisitor, untilInteractive } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('a page that fails', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async () => {
    const context = await newVisitor(browser, server.url, consented);
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ withDemoNews: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  it('shows a translated message with a way back when the page cannot render, keeping the header', async () => {
    const page = await visitor();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // An answer of the wrong shape (a half-finished deploy, a proxy's error page) breaks the news list's
    // rendering; the server renders the list with its own data, so the browser asks on the way there,
    // which is the browser's own navigation, once the page answers (before, the link loads the server's page).
    await untilInteractive(page);
    await page.route('**/api/news?lang=es', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"unexpected":true}' }));
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Noticias' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Algo ha fallado al mostrar esta página' });
    await alert.waitFor();
    expect(await page.getByRole('navigation', { name: 'Navegación principal' }).count()).toBeGreaterThan(0);
    await expectHealthyPage(page);

    await page.unroute('**/api/news?lang=es');
    await alert.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Algo ha fallado' }).count()).toBe(0);
  });

  it('reloads once by itself when a page chunk is gone after a deploy, then offers a reload', async () => {
    const page = await visitor();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    let chunkRequests = 0;
    let reloads = 0;
    await page.route(/\/assets\/news-list-page-[\w-]+\.js$/, (route) => {
      chunkRequests += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    });
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloads += 1;
    });
    // A chunk is asked for by the browser's own navigation, once the page answers (before, the link
    // loads the server's page, which is no reload).
    await untilInteractive(page);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Noticias' }).click();

    const notice = page.getByRole('alert').filter({ hasText: 'Hay una versión nueva de la web' });
    await notice.waitFor();
    // The chunk was asked for before and after the one automatic reload (by the rendered page's
    // preload, and by the route), and the page did not reload again in a loop.
    expect(reloads).toBe(1);
    expect(chunkRequests).toBeGreaterThanOrEqual(2);
    await expectHealthyPage(page);

    await page.unroute(/\/assets\/news-list-page-[\w-]+\.js$/);
    await notice.getByRole('button', { name: 'Recargar la página' }).click();
    await page.getByRole('heading', { name: 'Noticias', level: 1 }).waitFor();
  });
});
