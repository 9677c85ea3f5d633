import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createAdmin, sampleAdmin, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const year = new Date().getFullYear();
const luc = { firstName: 'Luc', lastName: 'Martin', email: 'luc.martin@example.fr', phone: '+33 6 12 34 56 78' };


describe('the Pagos tab: payments taken at the office for a new client and a known one, one refunded in part', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let admin: Page;

  const paymentsTab = () => admin.getByRole('tabpanel', { name: 'Pagos' });
  const lucRow = () => paymentsTab().getByRole('row').filter({ hasText: luc.email });

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-refunds-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: 'despacho@example.com' } }), launchBrowser()]);
    context = await newVisitor(browser, server.url, consented);
    await signIn(context, sampleAdmin);
    admin = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('records a cash payment for a new client: the account is made, the case opened, the invoice issued and the person mailed', async () => {
    await admin.goto('/admin?tab=pagos');
    await paymentsTab().getByText('No hay pagos.').waitFor();
    await paymentsTab().getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Registrar un pago' });
    await dialog.getByLabel('Cliente nuevo').check();
    await dialog.getByLabel('Nombre').fill(luc.firstName);
    await dialog.getByLabel('Apellidos').fill(luc.lastName);
    await dialog.getByLabel('Email').fill('luc.martin');
    await dialog.getByLabel('Teléfono').fill(luc.phone);
    await dialog.getByLabel('Idioma de sus correos').selectOption('fr');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await dialog.getByText('Introduce un email válido.').waitFor();
    await dialog.getByText('Elige un servicio del catálogo.').waitFor();
    await expectHealthyPage(admin);

    await dialog.getByLabel('Email').fill(luc.email);
    await dialog.getByLabel('Servicio').selectOption({ label: 'Arraigo' });
    await dialog.getByText(/^Vacío: el precio del catálogo, 300\s€\.$/).waitFor();
    await dialog.getByLabel('Forma de pago').selectOption({ label: 'Efectivo' });
    await dialog.getByLabel('Referencia').fill('Recibo 0042');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expectToast(admin, `Pago registrado: factura F-${year}-0001.`);
    await dialog.waitFor({ state: 'detached' });

    await lucRow().getByText('Efectivo').waitFor();
    expect(await lucRow().textContent()).toMatch(/300\s€/);
    await lucRow().getByRole('link', { name: `Descargar factura F-${year}-0001` }).waitFor();
    await lucRow().getByText('Pagado').waitFor();

    const invitation = await mail.waitFor(luc.email, /Choisissez votre mot de passe/);
    expect(invitation.text).toContain('/api/auth/reset-password/');
    const invoice = await mail.waitFor(luc.email, new RegExp(`Votre facture F-${year}-0001`));
    expect(await pdfText(invoice.attachments[0]?.content ?? Buffer.alloc(0))).toContain('Espèces');
  });

  it('refunds part of it after a confirmation, cancelling the case, and shows the rectifying invoice on the row', async () => {
    await lucRow().getByRole('button', { name: 'Reembolsar el pago de Luc Martin' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reembolsar un pago' });
    const amount = dialog.getByLabel('Importe a devolver (€)');
    expect(await amount.inputValue()).toBe('300');
    await amount.fill('120,50');
    await dialog.getByLabel('Motivo').fill('El cliente desiste tras la primera reunión');
    await dialog.getByRole('button', { name: 'Revisar' }).click();
    await dialog.getByText('Elige qué pasa con lo que abrió el pago.').waitFor();
    await expectHealthyPage(admin);

    await dialog.getByRole('group', { name: /^¿Qué pasa con el expediente EXP-\d{3}\?/ }).getByLabel(/^Cancelarlo/).check();
    await dialog.getByRole('button', { name: 'Revisar' }).click();
    await dialog.getByText(/^Se devuelven 120,50\s€ a Luc Martin y se le envía la factura rectificativa\.$/).waitFor();
    await dialog.getByText('Expediente o consulta: Se cancela.').waitFor();
    await dialog.getByText(/^Es un pago registrado a mano/).waitFor();
    await expectHealthyPage(admin);
    await dialog.getByRole('button', { name: 'Sí, reembolsar' }).click();
    await expectToast(admin, `Reembolso hecho: factura rectificativa R-${year}-0001.`);
    await dialog.waitFor({ state: 'detached' });

    await lucRow().getByText(/^Devuelto: 120,50\s€$/).waitFor();
    await lucRow().getByRole('link', { name: `Descargar factura R-${year}-0001` }).waitFor();
    // What remains can still be refunded.
    await lucRow().getByRole('button', { name: 'Reembolsar el pago de Luc Martin' }).waitFor();
    await expectHealthyPage(admin);

    const rectifying = await mail.waitFor(luc.email, new RegExp(`Votre facture rectificative R-${year}-0001`));
    const text = await pdfText(rectifying.attachments[0]?.content ?? Buffer.alloc(0));
    expect(text).toContain('El cliente desiste tras la primera reunión');
    expect(text).toMatch(/-120,50\s€/);

    await admin.getByRole('tab', { name: 'Expedientes' }).click();
    await admin.getByRole('tabpanel', { name: 'Expedientes' }).getByRole('row').filter({ hasText: 'Luc Martin' }).getByText('Cancelado').waitFor();
  });

  it('records a scheduled consultation paid by Bizum for the client found by e-mail, to be given its time in Consultas', async () => {
    await admin.getByRole('tab', { name: 'Pagos' }).click();
    await paymentsTab().getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Registrar un pago' });
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await dialog.getByText('Elige un cliente o escribe los datos del nuevo.').waitFor();
    await dialog.getByLabel('Buscar por email o nombre').fill('luc.mar');
    await dialog.getByRole('button', { name: `Elegir a Luc Martin (${luc.email})` }).click();
    await dialog.getByText(`Luc Martin (${luc.email})`).waitFor();
    await dialog.getByLabel('Servicio').selectOption({ label: 'Consulta programada' });
    await dialog.getByText('La consulta se abre sin hora: fíjala después en Consultas.').waitFor();
    await dialog.getByLabel('Forma de pago').selectOption({ label: 'Bizum' });
    await expectHealthyPage(admin);
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expectToast(admin, `Pago registrado: factura F-${year}-0002.`);
    await dialog.waitFor({ state: 'detached' });
    await paymentsTab().getByRole('row').filter({ hasText: 'Consulta programada' }).getByText('Bizum').waitFor();
  });
});
