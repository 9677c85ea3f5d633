import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const firm = { FIRM_NAME: 'Despacho Ilicitano', FIRM_LEGAL_NAME: 'Despacho Ilicitano S.L.', FIRM_TAX_ID: 'B12345678' };

describe('the site shell', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async (storage: Record<string, string> = consented) => {
    const context = await newVisitor(browser, server.url, storage);
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: firm }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  it('shows the header navigation and the client-access button, and navigates', async () => {
    const page = await visitor();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    for (const label of ['Inicio', 'Servicios', 'Noticias', 'Contacto']) {
      await nav.getByRole('link', { name: label }).waitFor();
    }
    const access = page.getByRole('banner').getByRole('link', { name: 'Acceso Clientes' });
    expect(await access.getAttribute('href')).toBe('/acceder');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await expectHealthyPage(page);

    await nav.getByRole('link', { name: 'Servicios' }).click();
    await page.waitForURL('**/servicios');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectHealthyPage(page);
  });

  it('switches language, keeps the choice across a reload and sets <html lang>', async () => {
    const page = await visitor();
    await page.goto('/');
    await page.getByRole('button', { name: /Idioma: Español/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    await page.reload();
    await page.getByRole('link', { name: 'Client Access' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toContain('Despacho Ilicitano');
    await expectHealthyPage(page);

    await page.getByRole('button', { name: /Language: English/ }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('link', { name: 'Espace Client' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
  });

  it('offers a French browser the French site on its first visit to /, in French, never by a redirect, and remembers a refusal', async () => {
    const context = await newVisitor(browser, server.url, consented, { locale: 'fr-FR' });
    contexts.push(context);
    const page = await context.newPage();
    // The same page for every visitor, whatever their language (less what changes on every answer: the nonce, the data's times).
    const [spanishHtml, frenchHtml] = await Promise.all(
      ['es-ES,es', 'fr-FR,fr'].map(async (accept) => (await (await fetch(`${server.url}/`, { headers: { 'accept-language': accept } })).text()).replace(/nonce="[^"]*"|"(?:dehydratedAt|dataUpdatedAt)":\d+/g, '')),
    );
    expect(frenchHtml).toBe(spanishHtml);

    await page.goto('/');
    const offer = page.getByRole('region', { name: 'Langue du site' });
    await offer.getByText('Ce site existe aussi en français.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await expectHealthyPage(page);
    await offer.getByRole('button', { name: 'Non merci' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    // The chat's button comes with the notice (the late widgets): once it is there, the notice would be too.
    await page.getByRole('button', { name: 'Abrir chat' }).waitFor();
    expect(await page.getByRole('region', { name: 'Langue du site' }).count()).toBe(0);

    const another = await context.browser()!.newContext({ baseURL: server.url, locale: 'fr-FR' });
    contexts.push(another);
    const second = await another.newPage();
    await second.goto('/servicios');
    await second.getByRole('region', { name: 'Langue du site' }).getByRole('link', { name: 'Voir en français' }).click();
    await second.waitForURL('**/fr/servicios');
    expect(await second.getAttribute('html', 'lang')).toBe('fr');
  });

  it('works the language menu from the keyboard: arrows move, Escape closes back to its button, Enter chooses', async () => {
    const page = await visitor();
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /Idioma: Español/ });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent);
    await page.getByRole('menu').waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await focusedItem()).toBe('Español');
    await expectHealthyPage(page);
    await page.keyboard.press('ArrowDown');
    expect(await focusedItem()).toBe('English');
    await page.keyboard.press('End');
    expect(await focusedItem()).toBe('Français');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');

    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    // The switch loaded the English page: a press while it hydrates opens the menu once it answers,
    // and a click outside the open menu closes it.
    await page.getByRole('button', { name: /Language: English/ }).click();
    await page.getByRole('menu').waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('asks about cookies once: accept', async () => {
    const page = await visitor({});
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.waitFor();
    await expectHealthyPage(page);
    await banner.getByRole('button', { name: 'Aceptar todas' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
  });

  it('asks about cookies once: reject', async () => {
    const page = await visitor({});
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.getByRole('button', { name: 'Rechazar opcionales' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('rejected');
  });

  it('asks about cookies once: configure, then reopens the preferences from the footer', async () => {
    const page = await visitor({});
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await banner.getByRole('button', { name: 'Configurar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferencias de cookies' });
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: 'Necesarias' }).isDisabled()).toBe(true);
    await expectHealthyPage(page);
    await dialog.getByRole('switch', { name: 'Análisis' }).click();
    await dialog.getByRole('button', { name: 'Guardar preferencias' }).click();
    await dialog.waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('configured');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent-preferences'))) ?? '{}')).toEqual({
      analytics: true,
      marketing: false,
    });

    await page.reload();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Configuración de cookies' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: 'Análisis' }).getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('switch', { name: 'Marketing' }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows the footer: social link, copyright with the current year and the four legal links', async () => {
    const page = await visitor();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Síguenos en redes sociales' }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Despacho Ilicitano S.L.`);
    const legal = footer.getByRole('navigation', { name: 'Información legal' });
    const links = await legal.getByRole('link').evaluateAll((els) => els.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['Aviso legal', '/aviso-legal'],
      ['Política de privacidad', '/politica-de-privacidad'],
      ['Política de cookies', '/politica-de-cookies'],
      ['Condiciones de uso', '/condiciones-de-uso'],
    ]);
  });

  it.each([
    ['/aviso-legal', 'Aviso legal', 'Legal Notice'],
    ['/politica-de-privacidad', 'Política de privacidad', 'Privacy Policy'],
    ['/politica-de-cookies', 'Política de cookies', 'Cookies Policy'],
    ['/condiciones-de-uso', 'Condiciones de uso', 'Terms of Use'],
  ])('shows the legal page %s with the firm identity, in Spanish and English', async (path, spanishTitle, englishTitle) => {
    const page = await visitor();
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toContain(spanishTitle);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).not.toContain('{{');
    if (path === '/aviso-legal') {
      expect(text).toContain('Despacho Ilicitano S.L.');
      expect(text).toContain('B12345678');
    }
    await expectHealthyPage(page);

    const english = await visitor({ ...consented, lang: 'en' });
    await english.goto(path);
    expect(await english.getByRole('heading', { level: 1 }).textContent()).toContain(englishTitle);
  });

  it.each([
    ['/privacidad', '/politica-de-privacidad'],
    ['/terminos', '/condiciones-de-uso'],
  ])('redirects %s to %s', async (from, to) => {
    const page = await visitor();
    await page.goto(from);
    await page.waitForURL(`**${to}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('shows a 404 page for an unknown address', async () => {
    const page = await visitor();
    const response = await page.goto('/esta-pagina-no-existe');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Página no encontrada');
    expect(await page.title()).toContain('Página no encontrada');
    await expectHealthyPage(page);
    await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(`${server.url}/`);
  });
});
