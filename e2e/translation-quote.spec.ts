import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

const visitor = { name: 'Luc Martin', email: 'luc.martin@example.fr', phone: '+33612345678' };

describe('quotes: a translation for someone without an account, and a case with a from price', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-translation-quote-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: 'despacho@example.com' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('the visitor asks, the firm sends the quote from Traducciones, the visitor accepts from the mailed link, pays and follows the case', async () => {
    // The visitor sends the public quote form.
    const visitorContext = await newVisitor(browser, server.url, consented);
    const page = await visitorContext.newPage();
    await page.goto('/traducciones/presupuesto');
    await page.getByLabel('Nombre y apellidos').fill(visitor.name);
    await page.getByLabel('Teléfono (WhatsApp)').fill(visitor.phone);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Idioma de origen').selectOption('fr');
    await page.getByLabel('Idioma de destino').selectOption('es');
    await page.getByLabel('Comentarios y urgencia').fill('Acta de nacimiento y de matrimonio, para la nacionalidad.');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Solicitar presupuesto' }).click();
    await expectToast(page, 'Solicitud enviada');

    // The firm answers it with a quote from the Traducciones tab.
    const adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    const admin = await adminContext.newPage();
    await admin.goto('/admin?tab=traducciones');
    const row = admin.getByRole('tabpanel').getByRole('row').filter({ hasText: visitor.name });
    await row.getByRole('button', { name: `Enviar presupuesto a ${visitor.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Presupuesto de traducción' });
    expect(await dialog.getByLabel('Idioma de origen').inputValue()).toBe('fr');
    expect(await dialog.getByLabel('Idioma de destino').inputValue()).toBe('es');
    expect(await dialog.getByRole('checkbox', { name: 'Traducción jurada' }).isChecked()).toBe(true);
    await dialog.getByLabel('Cantidad').fill('3');
    await dialog.getByLabel('Plazo').selectOption('urgent');
    await dialog.getByLabel('Precio (€)').fill('ochenta');
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await dialog.getByText('Escribe un precio en euros, por ejemplo 150 o 150,50.').waitFor();
    await dialog.getByText('Este campo es obligatorio').waitFor();
    await expectHealthyPage(admin);
    await dialog.getByLabel('Precio (€)').fill('84,50');
    await dialog.getByLabel('Qué incluye').fill('Traducción jurada de las dos actas, entregada en 48 horas.');
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expectToast(admin, `Presupuesto enviado a ${visitor.email}`);
    await row.getByText(/Respondida el/).waitFor();

    await admin.goto('/admin?tab=presupuestos');
    const quoteRow = admin.getByRole('tabpanel').getByRole('row').filter({ hasText: visitor.name });
    await quoteRow.getByText('Pendiente de respuesta').waitFor();
    await quoteRow.getByText('Sin cuenta todavía').waitFor();
    await expectHealthyPage(admin);

    // The visitor opens the mailed link, accepts, and is signed in to their new account to pay.
    const mailed = await mail.waitFor(visitor.email, /Tu presupuesto de .*: Traducción/);
    expect(mailed.text).toContain('Traducción jurada · 3 páginas · Francés → Español · Urgente');
    const link = /https?:\/\/\S+\/presupuesto\/[A-Za-z0-9_-]+/.exec(mailed.text)?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('heading', { name: 'Traducción', level: 2 }).waitFor();
    await page.getByText(`Para ${visitor.name} (${visitor.email})`).waitFor();
    await page.getByText(/Al aceptar crearemos tu cuenta/).waitFor();
    await expectHealthyPage(page);
    await page.getByRole('button', { name: /^Aceptar y pagar 84,50\s€$/ }).click();
    await acceptEngagementLetter(page);
    // Paying waits for what a complete invoice names (Real Decreto 1619/2012, art. 6): the new client fills in the profile, then pays from the link.
    await page.getByText(/Antes de pagar, completa en tu perfil: si contratas como particular o como empresa, NIE o pasaporte, dirección y país de residencia/).first().waitFor();
    await page.goto('/perfil');
    await page.getByLabel(/^Teléfono/).fill(visitor.phone);
    await page.getByLabel(/^Número de pasaporte/).fill('19FR12345');
    await page.getByLabel(/^Dirección/).fill('1 rue de la Paix, Paris');
    await page.getByLabel(/^País de residencia/).selectOption('FR');
    await page.getByLabel(/^Contratas como/).selectOption('private');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectToast(page, 'Perfil actualizado');
    await page.goto(link);
    await page.getByRole('button', { name: /^Aceptar y pagar 84,50\s€$/ }).click();
    await acceptEngagementLetter(page);

    await page.waitForURL('**/checkout?session=*');
    await page.getByText('Traducción', { exact: true }).waitFor();
    expect(await page.getByText(/84,50\s€/).count()).toBeGreaterThan(0);
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/pago?payment=success*');
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();

    // The panel shows the translation case, and the quote accepted.
    await page.getByRole('heading', { name: /Bienvenido, Luc/ }).waitFor();
    await page.getByRole('tabpanel').getByText('Traducción').first().waitFor();
    await expectHealthyPage(page);
    await page.getByRole('tab', { name: 'Presupuestos' }).click();
    await page.getByRole('tabpanel').getByText('Aceptado').waitFor();
    await expectHealthyPage(page);

    // And the mail to choose a password follows the payment.
    const invitation = await mail.waitFor(visitor.email, /Elige tu contraseña/);
    expect(invitation.text).toMatch(/\/api\/auth\/reset-password\//);

    // The link, once paid, shows only that: not the quote, not a way to accept it again.
    await page.goto(link);
    await page.getByText('Este presupuesto ya está pagado. Sigue tu expediente en tu área de cliente.').waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText(/84,50/).count()).toBe(0);
    expect(await main.getByText(visitor.email).count()).toBe(0);
    expect(await main.getByRole('button').count()).toBe(0);
    await expectHealthyPage(page);
    await main.getByRole('link', { name: 'Ir a mi área de cliente' }).click();
    await page.getByRole('heading', { name: /Bienvenido, Luc/ }).waitFor();

    // Whoever else holds the link sees the same, and is asked to sign in to reach it.
    const stranger = await (await newVisitor(browser, server.url, consented)).newPage();
    await stranger.goto(link);
    await stranger.getByText('Este presupuesto ya está pagado. Sigue tu expediente en tu área de cliente.').waitFor();
    expect(await stranger.getByRole('main').getByText(visitor.name).count()).toBe(0);
    await stranger.getByRole('main').getByRole('link', { name: 'Iniciar sesión en mi área de cliente' }).click();
    await stranger.waitForURL('**/acceder?redirect=%2Fpanel');
  });

  it('a client asks for a quote of a from price, the firm prices it in Presupuestos, the client pays it from the panel at the quote’s price', async () => {
    await createClient(server.url, mail);
    const clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    const page = await clientContext.newPage();
    await page.goto('/iniciar-tramite?servicio=renewals-appeals');
    await page.getByText(/^Desde 150\s€$/).waitFor();
    expect(await page.getByRole('button', { name: /^Contratar/ }).count()).toBe(0);
    await page.getByLabel('Cuéntanos tu caso (opcional)').fill('Me denegaron la renovación de la tarjeta de residencia.');
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Pedir presupuesto' }).click();
    await page.getByText('Solicitud enviada').waitFor();
    await mail.waitFor('despacho@example.com', /Solicitud de presupuesto: Renovaciones y recursos - Amina Diallo/);

    const adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    const admin = await adminContext.newPage();
    await admin.goto('/admin?tab=presupuestos');
    const row = admin.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Amina Diallo' });
    await row.getByText('Solicitado').waitFor();
    await row.getByRole('button', { name: 'Enviar presupuesto a Amina Diallo' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Presupuesto: Renovaciones y recursos' });
    await dialog.getByText('Me denegaron la renovación de la tarjeta de residencia.').waitFor();
    await dialog.getByLabel('Precio (€)').fill('240');
    await dialog.getByLabel('Qué incluye').fill('Recurso de reposición y seguimiento hasta la resolución.');
    await expectHealthyPage(admin);
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expectToast(admin, `Presupuesto enviado a ${sampleClient.email}`);
    await row.getByText('Pendiente de respuesta').waitFor();
    await mail.waitFor(sampleClient.email, /Tu presupuesto de .*: Renovaciones y recursos/);

    await page.goto('/panel');
    await page.getByRole('tab', { name: 'Presupuestos' }).click();
    const quote = page.getByRole('article', { name: 'Renovaciones y recursos' });
    await quote.getByText('Recurso de reposición y seguimiento hasta la resolución.').waitFor();
    await expectHealthyPage(page);
    await quote.getByRole('button', { name: /^Aceptar y pagar 240\s€$/ }).click();
    await acceptEngagementLetter(page);
    await page.waitForURL('**/checkout?session=*');
    // The test provider's page charges the quote's price, not the catalogue's 150 €.
    await page.getByText('Renovaciones y recursos', { exact: true }).waitFor();
    expect(await page.getByText(/^240\s€$/).count()).toBe(2);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/pago?payment=success*');
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();
    await page.getByRole('tabpanel').getByText('Renovaciones y recursos').first().waitFor();
    await page.getByRole('tab', { name: 'Presupuestos' }).click();
    await page.getByRole('tabpanel').getByText('Aceptado').waitFor();
  });
});
