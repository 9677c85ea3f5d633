import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { createClient, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

describe('the family package: a relative added before paying has their own checklist in the panel', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail);
    context = await newVisitor(browser, server.url, consented);
    await signIn(context, sampleClient);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('prices arraigo with one relative at the fee plus half, charges it on the test page and opens the relative’s checklist', async () => {
    await page.goto('/iniciar-tramite?servicio=arraigo');
    const family = page.getByRole('group', { name: 'Paquete familiar' });
    await family.getByRole('button', { name: 'Añadir familiar' }).click();
    const relative = family.getByRole('group', { name: 'Familiar 1' });

    // The price follows the members before anything is filled in.
    await page.getByText('1 familiar × 150 €').waitFor();
    await page.getByText('Por cada familiar añadido pagas la mitad de nuestro precio; su tasa de la Administración no está incluida y se paga aparte.').waitFor();
    const hire = page.getByRole('button', { name: /^Contratar Servicio por 450\s€$/ });
    await hire.click();
    expect(await relative.getByText('Este campo es obligatorio').count()).toBe(3);
    await expectHealthyPage(page);

    await relative.getByLabel('Nombre y apellidos').fill('Moussa Diallo');
    await relative.getByLabel('Parentesco').selectOption({ label: 'Cónyuge o pareja' });
    await relative.getByLabel('Número de pasaporte').fill('x1');
    await hire.click();
    await relative.getByText('El número de pasaporte debe tener entre 5 y 20 letras o cifras.').waitFor();
    await relative.getByLabel('Número de pasaporte').fill('ab 123456');
    await hire.click();
    await acceptEngagementLetter(page);

    await page.waitForURL('**/checkout?session=*');
    await page.getByText('1 familiar adicional × 150 €').waitFor();
    const amounts = await page.getByRole('main').getByRole('definition').allInnerTexts();
    // The service's line also says what its price includes (the list under its title).
    expect(amounts.map((text) => text.split('\n')[0]?.replace(/\s/g, ' '))).toEqual(['Arraigo', '300 €', '150 €', '450 €']);
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/pago?payment=success*');
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();
    await page.waitForURL('**/panel*');

    await page.getByText('Moussa Diallo · Cónyuge o pareja · Pasaporte AB123456').waitFor();
    const own = page.getByRole('region', { name: 'Documentos del titular' });
    const theirs = page.getByRole('region', { name: 'Documentos de Moussa Diallo (Cónyuge o pareja)' });
    await theirs.getByRole('heading', { name: 'Pasaporte completo' }).waitFor();
    expect(await own.getByRole('heading', { level: 5 }).count()).toBe(6);
    expect(await theirs.getByRole('heading', { level: 5 }).count()).toBe(6);
    await expectHealthyPage(page);

    const passport = theirs.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pasaporte completo' }) });
    await passport.getByLabel('Subir archivo para «Pasaporte completo»').setInputFiles({ name: 'pasaporte-moussa.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf() });
    await expectToast(page, 'Archivo recibido: lo revisaremos pronto.');
    await passport.getByText('pasaporte-moussa.pdf').waitFor();
    await passport.getByText('En revisión').waitFor();
    expect(await own.getByText('En revisión').count()).toBe(0);
  });
});
