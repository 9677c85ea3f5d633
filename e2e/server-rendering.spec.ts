import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consented, expectHealthyPage, launchBrowser, newVisitor, untilInteractive } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * What a visitor reads of the page: the header, the page itself and the footer (the cookie banner
 * and the chat's button come later, by design, over the page).
 */
const visibleText = async (page: Page) =>
  (await Promise.all(['body > #root header', '#main', 'body > #root footer'].map((selector) => page.locator(selector).first().innerText()))).join('\n');

/**
 * Hydration is over once the route's own lazy part (which hydrates last) has marked the page. A
 * part that hydrates on intent, a legal text's prose with its heading, keeps the server's HTML.
 */
const hydrated = (page: Page) => untilInteractive(page);

describe('public pages rendered on the server', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async (storage: Record<string, string> = consented, javaScriptEnabled = true) => {
    const context = await newVisitor(browser, server.url, storage, { javaScriptEnabled });
    contexts.push(context);
    return context.newPage();
  };

  /** The console's errors and warnings (a hydration mismatch is reported there) and uncaught errors. */
  const problemsOf = (page: Page) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return problems;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ withDemoNews: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  it.each(['/', '/servicios', '/noticias', '/en/contacto', '/fr/aviso-legal'])('shows %s before any script runs, and hydration changes nothing a visitor sees', async (path) => {
    const withoutScripts = await visitor(consented, false);
    await withoutScripts.goto(path);
    const served = await visibleText(withoutScripts);
    expect(served).toContain(await withoutScripts.locator('#main h1').innerText());

    const page = await visitor();
    const problems = problemsOf(page);
    // The heading the server sent, before any script: hydration takes it over rather than drawing another.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as Window & { servedHeading?: Element | null }).servedHeading = document.querySelector('#main h1');
      }),
    );
    await page.goto(path);
    await hydrated(page);
    expect(await visibleText(page)).toBe(served);
    expect(await page.evaluate(() => (window as Window & { servedHeading?: Element | null }).servedHeading === document.querySelector('#main h1'))).toBe(true);
    expect(problems).toEqual([]);
    await expectHealthyPage(page);
  });

  it('switches language on the same page, at its own address, and a later visit to / opens in the chosen language', async () => {
    const page = await visitor();
    await page.goto('/servicios');
    await page.getByRole('button', { name: /Idioma: Español/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForURL('**/en/servicios');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News' }).click();
    await page.waitForURL('**/en/noticias');

    await page.goto('/');
    await page.waitForURL('**/en/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expectHealthyPage(page);
  });
});
