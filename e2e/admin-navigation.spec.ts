import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, sampleAdmin, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The back office's menu, grouped by the work, on a desktop and folded on a phone (issue 29, item 7). */
describe('the back office’s menu grouped by the work', () => {
  let server: RunningServer;
  let browser: Browser;
  let desktop: BrowserContext;
  let handheld: BrowserContext;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-admin-navigation-');
    createAdmin(dataDir);
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
    desktop = await newVisitor(browser, server.url, consented);
    await signIn(desktop, sampleAdmin);
    handheld = await newVisitor(browser, server.url, consented, phone);
    await signIn(handheld, sampleAdmin);
  });

  afterAll(async () => {
    await desktop?.close();
    await handheld?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the owner every group beside the open tab, each a list of its tabs, and keeps the tab in the address', async () => {
    const page: Page = await desktop.newPage();
    await page.goto('/admin?tab=contacto');
    const messages = page.getByRole('tablist', { name: 'Mensajes' });
    await messages.getByRole('tab', { name: 'Contacto' }).waitFor();
    expect(await messages.getByRole('tab', { name: 'Contacto' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tablist').evaluateAll((lists) => lists.map((list) => list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent))).toEqual([
      'Mi día',
      'Clientes y expedientes',
      'Consultas y agenda',
      'Traducciones y presupuestos',
      'Mensajes',
      'Facturación',
      'Web',
      'Ajustes',
    ]);
    expect(await page.getByRole('tablist', { name: 'Clientes y expedientes' }).getByRole('tab').allInnerTexts()).toEqual(['Expedientes', 'Plazos', 'Traducción jurada', 'Clientes']);
    expect(await page.getByRole('tablist', { name: 'Web' }).getByRole('tab').allInnerTexts()).toEqual(['Trámites', 'Servicios', 'Noticias', 'Páginas']);
    await page.getByRole('tablist', { name: 'Facturación' }).getByRole('tab', { name: 'Pagos' }).click();
    await page.getByRole('tabpanel', { name: 'Pagos' }).waitFor();
    await page.waitForURL(/tab=pagos/);
    // The menu's button is for a phone: a desktop does not show it.
    expect(await page.getByRole('button', { name: /Menú del panel/ }).isVisible()).toBe(false);
    await expectHealthyPage(page);
    await page.close();
  });

  it('folds the groups behind one button on a phone, opens them from the keyboard and closes once a tab is chosen', async () => {
    const page = await handheld.newPage();
    await page.goto('/admin?tab=expedientes');
    const menu = page.getByRole('button', { name: 'Menú del panel Expedientes' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('tab', { name: 'Agenda' }).isVisible()).toBe(false);
    await menu.focus();
    await page.keyboard.press('Enter');
    const agenda = page.getByRole('tablist', { name: 'Consultas y agenda' }).getByRole('tab', { name: 'Agenda' });
    await agenda.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expectHealthyPage(page);
    // The groups fit the phone's width: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await agenda.click();
    await page.getByRole('button', { name: 'Menú del panel Agenda' }).waitFor();
    await page.getByRole('tabpanel', { name: 'Agenda' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menú del panel Agenda' }).getAttribute('aria-expanded')).toBe('false');
    expect(await agenda.isVisible()).toBe(false);
    expect(page.url()).toMatch(/tab=agenda/);
    await page.close();
  });
});
