import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor, untilInteractive } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { fillInvoiceProfile, signInOverHttp } from './support/accounts.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

const firmInbox = 'despacho@example.com';
const client = { firstName: 'Karim', lastName: 'Haddad', email: 'karim.haddad@example.com', phone: '+34 622 33 44 55', password: 'Palmeral-de-Elche-2026' };

/** The Spanish money of the pages, whatever space Intl puts before the euro sign. */
const euros = (amount: string) => new RegExp(amount.replace('.', '\\.').replace(' ', '\\s'));

describe('hiring and the client’s panel, on the built-in test provider', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const toasts = () => page.getByRole('region', { name: /Notificaciones/ });
  const toast = (title: string) => toasts().getByText(title, { exact: true }).waitFor({ timeout: 10_000 });

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url, FIRM_EMAIL: firmInbox } }), launchBrowser()]);
    const registered = await fetch(`${server.url}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...client, acceptTerms: true }),
    });
    expect(registered.status).toBeLessThan(300);
    const confirmation = await mail.waitFor(client.email, /Confirma tu cuenta/);
    const link = confirmation.text.match(/https?:\/\/\S+verify-email\S*/)?.[0] ?? '';
    await fetch(link, { redirect: 'manual' });
    await fillInvoiceProfile(server.url, await signInOverHttp(server.url, client), client);
    context = await newVisitor(browser, server.url, consented);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('sends a direct visit of /iniciar-tramite, and a payment result without a value, to /servicios', async () => {
    await page.goto('/iniciar-tramite');
    await page.waitForURL('**/servicios');
    await page.goto('/pago');
    await page.waitForURL('**/servicios');
  });

  it('keeps the services page still while its catalogue loads on the way there: no layout shift', async () => {
    const still = await context.newPage();
    await still.addInitScript(() => {
      const shifts = { total: 0 };
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.total += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await still.route('**/api/services', async (route) => {
      await held;
      await route.continue();
    });
    // A visit to /servicios gets the catalogue in its HTML; it is fetched on the way from another page.
    await still.goto('/');
    // The browser's own navigation exists once the page answers; a link followed before that loads
    // the server's page, catalogue included (e2e/first-actions.spec.ts).
    await untilInteractive(still);
    await still.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Servicios' }).click();
    await still.getByRole('status').filter({ hasText: 'Cargando servicios' }).first().waitFor();
    release();
    await still.getByRole('heading', { name: 'Consulta exprés' }).waitFor();
    expect(await still.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total)).toBeLessThan(0.1);
    await still.close();
  });

  it('asks a signed-out visitor, calmly, to create an account: confirming it brings them back to the consultations', async () => {
    const newcomer = await newVisitor(browser, server.url, consented);
    const visitor = await newcomer.newPage();
    await visitor.goto('/servicios#consultas');
    const express = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: 'Consulta exprés' }) });
    await express.getByRole('button', { name: 'Reservar consulta' }).click();
    const prompt = visitor.getByRole('dialog', { name: 'Inicia sesión para contratar' });
    await prompt.waitFor();
    // A prompt, not an error: no toast at all.
    expect(await visitor.locator('[data-radix-collection-item]').count()).toBe(0);
    expect(await prompt.getByRole('link', { name: 'Acceder' }).getAttribute('href')).toBe('/acceder?redirect=%2Fservicios%23consultas');
    await expectHealthyPage(visitor);
    await prompt.getByRole('link', { name: 'Crear cuenta' }).click();

    await visitor.waitForURL('**/registro?redirect=*');
    await visitor.getByRole('heading', { level: 1, name: 'Crear cuenta' }).waitFor();
    await visitor.getByLabel('Nombre').fill('Nadia');
    await visitor.getByLabel('Apellidos').fill('Benali');
    await visitor.getByLabel('Email', { exact: true }).fill('nadia.benali@example.com');
    await visitor.getByLabel('Teléfono').fill('+34 611 22 33 44');
    await visitor.getByLabel('Contraseña', { exact: true }).fill('Huerto-del-Cura-2026');
    await visitor.getByRole('checkbox').check();
    await visitor.getByRole('button', { name: 'Crear cuenta' }).click();
    // Until the address is confirmed, the sign-in page keeps the way back too.
    await visitor.waitForURL((url) => url.pathname === '/acceder' && url.searchParams.get('redirect') === '/servicios#consultas');

    const confirmation = await mail.waitFor('nadia.benali@example.com', /Confirma tu cuenta/);
    await visitor.goto(confirmation.text.match(/https?:\/\/\S+verify-email\S*/)?.[0] ?? '');
    await visitor.waitForURL('**/servicios#consultas');
    await visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: 'Consulta exprés' }) }).waitFor();
    expect(await visitor.evaluate(() => fetch('/api/account/session').then((response) => response.json()))).toMatchObject({
      user: { email: 'nadia.benali@example.com' },
    });
    await newcomer.close();
  });

  it('answers a hire button activated with no pointer nor focus first, as a screen reader does, before its code has loaded', async () => {
    const newcomer = await newVisitor(browser, server.url, consented);
    const visitor = await newcomer.newPage();
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visitor.goto('/servicios#consultas');
    expect(scripts.filter((script) => script.includes('hire-button'))).toEqual([]);
    const express = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: 'Consulta exprés' }) });
    await express.getByRole('button', { name: 'Reservar consulta' }).evaluate((button: HTMLButtonElement) => button.click());
    await visitor.getByRole('dialog', { name: 'Inicia sesión para contratar' }).waitFor();
    await expectHealthyPage(visitor);
    await newcomer.close();
  });

  it('asks a signed-out client to sign in, and brings them back to the consultations', async () => {
    await page.goto('/servicios#consultas');
    const express = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Consulta exprés' }) });
    await express.getByText(euros('19,99 €')).waitFor();
    await expectHealthyPage(page);
    await express.getByRole('button', { name: 'Reservar consulta' }).click();
    const prompt = page.getByRole('dialog', { name: 'Inicia sesión para contratar' });
    expect(await prompt.getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe('/registro?redirect=%2Fservicios%23consultas');
    await prompt.getByRole('link', { name: 'Acceder' }).click();

    await page.waitForURL('**/acceder?redirect=*');
    // The sign-in page itself, not the services page still drawn while it loads.
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(client.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/servicios#consultas');
  });

  it('buys an express consultation on the test provider’s page and lands on it, pointed at, in the panel', async () => {
    const express = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Consulta exprés' }) });
    await express.getByRole('button', { name: 'Reservar consulta' }).click();
    await acceptEngagementLetter(page);
    await page.waitForURL('**/checkout?session=*');
    await page.getByRole('note').getByText('Modo de prueba').waitFor();
    await page.getByText('Consulta exprés').waitFor();
    expect(await page.getByRole('main').textContent()).toMatch(euros('19,99 €'));
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Pagar' }).click();

    await page.waitForURL('**/pago?payment=success&kind=consultation&service=*');
    await page.getByRole('heading', { level: 1, name: '¡Gracias por tu confianza!' }).waitFor();
    await page.getByText('Te responderemos por escrito en un máximo de 8 horas laborables').waitFor();
    await expectHealthyPage(page);
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();

    await page.waitForURL((url) => url.pathname === '/panel' && url.search === '');
    await toast('¡Pago Correcto!');
    await toasts().getByText('Tu servicio ha sido registrado.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Bienvenido, Karim' }).waitFor();
    // The tab of what was just bought, not the empty Expedientes.
    expect(await page.getByRole('tab', { name: 'Consultas' }).getAttribute('aria-selected')).toBe('true');
    const consultations = page.getByRole('tabpanel', { name: 'Consultas' });
    await consultations.getByRole('row', { name: /Consulta exprés.*Compra reciente.*Pendiente/ }).waitFor();
    expect(await page.getByText('Aún no tienes expedientes.', { exact: false }).count()).toBe(0);
    await expectHealthyPage(page);
    await mail.waitFor(firmInbox, /Nuevo pago: Consulta exprés - Karim Haddad/);
  });

  it('cancels a checkout: Pago Cancelado, and back to the services', async () => {
    await page.goto('/servicios#consultas');
    const scheduled = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Consulta programada' }) });
    await scheduled.getByRole('button', { name: 'Reservar consulta' }).click();
    // A free slot is chosen, then the letter is accepted (e2e/consultation-booking.spec.ts).
    const booking = page.getByRole('dialog', { name: 'Reserva tu consulta' });
    await booking.getByRole('group', { name: 'Día' }).getByRole('radio').first().check({ force: true });
    await booking.getByRole('group', { name: 'Hora' }).getByRole('radio').first().check({ force: true });
    await booking.getByRole('radio', { name: 'Teléfono' }).check();
    await booking.getByRole('button', { name: 'Continuar al pago' }).click();
    await acceptEngagementLetter(page);
    await page.waitForURL('**/checkout?session=*');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL('**/pago?payment=cancelled');
    await page.getByRole('heading', { level: 1, name: 'Pago Cancelado' }).waitFor();
    await expectHealthyPage(page);
    await page.getByRole('link', { name: 'Volver a servicios' }).click();
    await page.waitForURL('**/servicios');
  });

  it('buys a case with the consultation’s fee deducted, and sees it in the panel', async () => {
    const arraigo = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Arraigo' }) });
    await arraigo.getByRole('link', { name: 'Contratar servicio' }).click();
    await page.waitForURL('**/iniciar-tramite?servicio=arraigo');
    await page.getByRole('heading', { level: 2, name: 'Arraigo' }).waitFor();
    await page.getByRole('heading', { name: 'Información importante' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ver las consultas' }).getAttribute('href')).toBe('/servicios#consultas');
    await page.getByText('Descuento por tu consulta ya pagada').waitFor();
    const hire = page.getByRole('button', { name: /^Contratar Servicio por 280,01\s€$/ });
    await hire.waitFor();
    await expectHealthyPage(page);
    await hire.click();
    await acceptEngagementLetter(page);

    await page.waitForURL('**/checkout?session=*');
    await page.getByText('Descuento por tu consulta ya pagada').waitFor();
    expect(await page.getByRole('main').textContent()).toMatch(euros('280,01 €'));
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/pago?payment=success&kind=case&service=arraigo');
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();
    await toast('¡Pago Correcto!');

    expect(await page.getByRole('tab', { name: 'Expedientes' }).getAttribute('aria-selected')).toBe('true');
    const item = page.getByRole('heading', { level: 2, name: /EXP-001/ });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/EXP-001.*Compra reciente.*Arraigo.*Pendiente de documentación/);
    await page.getByRole('tab', { name: 'Pagos' }).click();
    const payments = page.getByRole('tabpanel', { name: 'Pagos' });
    await payments.getByRole('row', { name: /Arraigo.*280,01\s€.*Pagado/ }).waitFor();
    await payments.getByRole('row', { name: /Consulta exprés.*19,99\s€.*Pagado/ }).waitFor();
    await payments.getByRole('row', { name: /Consulta programada.*Cancelado/ }).waitFor();
    await expectHealthyPage(page);
  });

  it('uploads a document with the rules of docs/product/rules.md, downloads it, and writes to the lawyer', async () => {
    await page.getByRole('tab', { name: 'Expedientes' }).click();
    const cases = page.getByRole('tabpanel', { name: 'Expedientes' });
    await cases.getByRole('tab', { name: 'Documentación' }).waitFor();
    const input = cases.getByLabel('Documento', { exact: true });
    const submit = cases.getByRole('button', { name: 'Subir documento' });

    await submit.click();
    await toast('Selecciona un archivo.');
    await input.setInputFiles({ name: 'carta.docx', mimeType: 'application/octet-stream', buffer: sampleFiles.docx() });
    await submit.click();
    await toast('Tipo de archivo no permitido');
    await toasts().getByText('Solo se admiten PDF, JPG y PNG.').waitFor();
    await input.setInputFiles({ name: 'enorme.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf(10 * 1024 * 1024 + 1) });
    await submit.click();
    await toast('Archivo demasiado grande');
    await toasts().getByText('El tamaño máximo es 10MB.').waitFor();
    // A PNG renamed .pdf passes the browser's check and is refused by the server's.
    await input.setInputFiles({ name: 'disfrazado.pdf', mimeType: 'application/pdf', buffer: sampleFiles.png() });
    await submit.click();
    await toast('Error al subir');
    await toasts().getByText('Tipo de archivo no permitido. Solo se admiten PDF, JPG y PNG.').waitFor();

    const content = sampleFiles.pdf(3000);
    await input.setInputFiles({ name: 'empadronamiento.pdf', mimeType: 'application/pdf', buffer: content });
    await submit.click();
    await toast('Documento Subido');
    const row = cases.getByRole('listitem').filter({ hasText: 'empadronamiento.pdf' });
    await row.getByText('Entregado').waitFor();
    const href = await row.getByRole('link', { name: 'Descargar empadronamiento.pdf' }).getAttribute('href');
    const download = await page.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect((await download.body()).equals(content)).toBe(true);
    await expectHealthyPage(page);

    await cases.getByRole('tab', { name: 'Comunicación' }).click();
    await cases.getByText('Todavía no hay mensajes en este expediente.').waitFor();
    await cases.getByLabel('Mensaje para tu abogado').fill('He subido el empadronamiento. ¿Necesitáis algo más?');
    await cases.getByRole('button', { name: 'Enviar mensaje' }).click();
    await toast('Mensaje Enviado');
    await toasts().getByText('Tu abogado ha sido notificado.').waitFor();
    await cases.getByRole('list', { name: 'Mensajes del expediente' }).getByText('He subido el empadronamiento. ¿Necesitáis algo más?').waitFor();
    expect(await cases.getByLabel('Mensaje para tu abogado').inputValue()).toBe('');
    await expectHealthyPage(page);

    const notice = await mail.waitFor(firmInbox, /Nuevo mensaje en el expediente EXP-001: Karim Haddad/);
    expect(notice.text).toContain('He subido el empadronamiento. ¿Necesitáis algo más?');
  });
});
