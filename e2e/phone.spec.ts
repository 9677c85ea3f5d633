import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Box = { x: number; y: number; width: number; height: number };

/**
 * What the chat button covers at the current scroll position: every visible interactive element
 * (and toast) whose box meets the button's, outside the chat widget itself. Content scrolled under
 * the sticky header is hidden by it, so only its part below the header counts.
 */
function coveredByChat(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const launcher = document.querySelector<HTMLElement>('aside[aria-label="Chat"] button');
    if (!launcher) return ['no chat button'];
    const chat = launcher.getBoundingClientRect();
    const header = document.querySelector('header');
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    const meets = (a: DOMRect, top: number) =>
      a.width > 0 && a.height > 0 && a.left < chat.right && a.right > chat.left && Math.max(a.top, top) < chat.bottom && a.bottom > chat.top;
    // The toasts' list (where every toast appears) counts even while empty.
    const interactive = 'a[href], button, input, select, textarea, [role="tab"], [tabindex]:not([tabindex="-1"]), [role="region"] > ol, [data-radix-collection-item]';
    return [...document.querySelectorAll<HTMLElement>(interactive)]
      .filter((element) => !element.closest('aside[aria-label="Chat"]'))
      .filter((element) => getComputedStyle(element).visibility !== 'hidden')
      .filter((element) => meets(element.getBoundingClientRect(), header?.contains(element) ? -Infinity : headerBottom))
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

/** Scrolls the page from top to bottom in steps of half a screen, collecting whatever the chat button covers. */
async function coveredWhileScrolling(page: Page): Promise<string[]> {
  const covered = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 422) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    for (const item of await coveredByChat(page)) covered.add(`${item} at ${y}px`);
  }
  return [...covered];
}

async function toastBox(page: Page): Promise<Box | null> {
  return page.locator('[data-radix-collection-item]').first().boundingBox();
}

describe('on a phone (390 × 844)', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), launchBrowser()]);
    createAdmin(server.dataDir);
    await createClient(server.url, mail, { paid: ['express'] });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('keeps the chat button clear of every control and toast on the home page, in the header bar', async () => {
    context = await newVisitor(browser, server.url, consented, phone);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const launcher = page.getByRole('complementary', { name: 'Chat' }).getByRole('button', { name: 'Abrir chat' });
    await launcher.waitFor();
    const box = await launcher.boundingBox();
    expect(box?.y).toBeLessThan(64);
    expect(await coveredWhileScrolling(page)).toEqual([]);
    await expectHealthyPage(page);

    const footer = await page.getByRole('contentinfo').textContent();
    expect(footer).toContain('Calle Mayor 1, 03202 Elche');
    expect(footer).toContain('+34 600 000 000');
    expect(footer).toContain('info@example.com');
    expect(footer).toMatch(/Lunes a viernes: 9:00.14:00 y 16:00.19:00/);
    expect(footer).toContain('© ');
    expect(footer).toContain('Asesoría Elche S.L. Todos los derechos reservados.');
    expect(await page.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Calle/);

    // The chat's panel opens below its button, inside the screen.
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'Chatea con nosotros' });
    await panel.waitFor();
    const open = await panel.boundingBox();
    expect(open && open.y >= 64 && open.x >= 0 && open.x + open.width <= 390 && open.y + open.height <= 844).toBe(true);
    await expectHealthyPage(page);
  });

  it('keeps it clear of the contact form and of the toast that answers it', async () => {
    const page = await context.newPage();
    await page.goto('/contacto');
    await page.getByRole('heading', { level: 1, name: 'Contacto' }).waitFor();
    // The chat's button arrives once the page has settled: what it covers is checked from then on.
    await page.getByRole('button', { name: 'Abrir chat' }).waitFor();
    expect(await coveredWhileScrolling(page)).toEqual([]);

    await page.getByLabel('Nombre y apellidos').fill('Karim Haddad');
    await page.getByLabel('Email').fill('karim@example.com');
    await page.getByLabel('Mensaje').fill('Necesito ayuda con el arraigo social.');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.locator('[data-radix-collection-item]').getByText('¡Solicitud enviada!').waitFor();
    expect(await coveredByChat(page)).toEqual([]);
    const toast = await toastBox(page);
    expect(toast && toast.x >= 0 && toast.x + toast.width <= 390 && toast.y + toast.height <= 844).toBe(true);
    await expectHealthyPage(page);
  });

  it('asks about cookies in little room: the banner, arriving after the page, is never its largest paint', async () => {
    const newcomer = await newVisitor(browser, server.url, {}, phone);
    try {
      const page = await newcomer.newPage();
      for (const [path, label] of [['/contacto', 'Aviso de cookies'], ['/en/contacto', 'Cookie notice'], ['/fr/contacto', 'Avis sur les cookies']] as const) {
        await page.goto(path);
        const banner = page.getByRole('region', { name: label });
        await banner.waitFor();
        expect((await banner.boundingBox())?.height).toBeLessThan(844 / 4);
        // Chromium reports a larger paint once it is on screen: two frames after the banner's.
        const largest = await page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  new PerformanceObserver((list) => {
                    const element = (list.getEntries().at(-1) as PerformanceEntry & { element?: Element }).element;
                    resolve(element?.closest('section[aria-label]')?.getAttribute('aria-label') ?? element?.textContent ?? '');
                  }).observe({ type: 'largest-contentful-paint', buffered: true }),
                ),
              );
            }),
        );
        expect(largest, path).toBe(await page.locator('#main h1 + p').textContent());
        await expectHealthyPage(page);
      }
    } finally {
      await newcomer.close();
    }
  });

  it('keeps it clear of the panel, its tabs and the payment toast', async () => {
    await signIn(context, sampleClient);
    const page = await context.newPage();
    await page.goto('/panel?payment=success&kind=consultation&service=express');
    await page.getByRole('heading', { level: 1, name: 'Bienvenido, Amina' }).waitFor();
    await page.locator('[data-radix-collection-item]').getByText('¡Pago Correcto!').waitFor();
    await page.getByRole('button', { name: 'Abrir chat' }).waitFor();
    expect(await coveredByChat(page)).toEqual([]);
    await page.getByRole('tabpanel', { name: 'Consultas' }).getByRole('row', { name: /Consulta exprés/ }).waitFor();
    expect(await coveredWhileScrolling(page)).toEqual([]);
    await expectHealthyPage(page);
  });

  it('shows an admin no chat button in the back office, and each table row as a card needing no sideways scroll', async () => {
    const staff = await newVisitor(browser, server.url, consented, phone);
    await signIn(staff, sampleAdmin);
    const page = await staff.newPage();
    await page.goto('/admin?tab=clientes');
    const clients = page.getByRole('tabpanel', { name: 'Clientes' });
    const row = clients.getByRole('row', { name: /Amina Diallo/ });
    await row.waitFor();
    expect(await page.getByRole('complementary', { name: 'Chat' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Abrir chat' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const action = await row.getByRole('button', { name: 'Hacer administrador' }).boundingBox();
    expect(action && action.x + action.width <= 390).toBe(true);
    expect(await row.textContent()).toMatch(/0 expedientes.*1 consulta.*1 pago/);
    await expectHealthyPage(page);
    await staff.close();
  });
});
