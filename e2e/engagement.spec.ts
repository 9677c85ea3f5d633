import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { acceptEngagementLetter } from './support/engagement.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const firmInbox = 'despacho@example.com';
const year = new Date().getFullYear();

/*
 * Issue 30's journey: a client hires an arraigo, reads and accepts the engagement letter with the
 * early-start request, pays, gets the letter and the invoice (its IVA line and QR caption) by mail,
 * withdraws from the panel within the 14 days; the firm sees it on the case page and refunds, and
 * the rectifying invoice follows. (The 14 days themselves, day 2 and day 15, are the API tests'
 * clock: server/features/engagements.)
 */
describe('the engagement letter accepted before paying, and a withdrawal the firm refunds', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-engagement-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: firmInbox } }), launchBrowser()]);
    // Registered, with the NIE, address and country an invoice needs (Real Decreto 1619/2012, art. 6) filled in.
    await createClient(server.url, mail);
    clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    client = await clientContext.newPage();
    adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    admin = await adminContext.newPage();
  });
  afterAll(async () => {
    await clientContext?.close();
    await adminContext?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('shows the letter filled with the client, the service and the price before paying, and mails it as a PDF once paid', async () => {
    await client.goto('/iniciar-tramite?servicio=arraigo');
    await client.getByRole('button', { name: /^Contratar Servicio por 300\s€$/ }).click();
    const letter = client.getByRole('dialog', { name: 'Hoja de encargo' }).getByRole('region', { name: 'Hoja de encargo' });
    await letter.getByRole('heading', { level: 1, name: 'Hoja de encargo profesional' }).waitFor();
    const text = (await letter.textContent()) ?? '';
    expect(text).toContain('Amina Diallo');
    expect(text).toContain('NIE X1234567L');
    expect(text).toMatch(/Los honorarios de este encargo son 300,00\s€/);
    expect(text).toContain('Modelo de formulario de desistimiento');
    await expectHealthyPage(client);
    await acceptEngagementLetter(client);

    await client.waitForURL('**/checkout?session=*');
    await client.getByRole('button', { name: 'Pagar' }).click();
    await client.waitForURL('**/pago?payment=success&kind=case&service=arraigo');

    const mailed = await mail.waitFor(sampleClient.email, /Tu hoja de encargo: Arraigo/);
    const pdf = await pdfText(mailed.attachments.find((file) => file.mimeType === 'application/pdf')?.content ?? Buffer.alloc(0));
    expect(pdf).toContain('Amina Diallo');
    expect(pdf).toContain('El cliente pidió que el trabajo empezara dentro del plazo de desistimiento');
    expect(pdf).toMatch(/SHA-256 del texto aceptado: [0-9a-f]{64}/);
    const invoice = await mail.waitFor(sampleClient.email, new RegExp(`Tu factura [A-Z]+-${year}-\\d{4}`));
    const invoiceText = await pdfText(invoice.attachments.find((file) => file.mimeType === 'application/pdf')?.content ?? Buffer.alloc(0));
    // A client living in Spain, buying as a private person: IVA at 21 % inside the price, and the billing record's QR code.
    for (const piece of ['Base imponible 247,93 €', 'IVA (21 %) 52,07 €', 'Total 300,00 €', 'QR tributario:']) expect(invoiceText).toContain(piece);
  });

  it('lets the client download the letter and withdraw from the panel; the client and the firm are told', async () => {
    await client.goto('/panel');
    await client.getByRole('tab', { name: 'Pagos' }).click();
    const payments = client.getByRole('tabpanel', { name: 'Pagos' });
    const letters = payments.getByRole('region', { name: 'Hojas de encargo' });
    await letters.getByText(/^Puedes desistir hasta el /).waitFor();
    expect(await letters.getByRole('link', { name: 'Descargar la hoja de encargo' }).getAttribute('href')).toMatch(/^\/api\/engagements\/[0-9a-f-]{36}\/pdf$/);
    await letters.getByRole('button', { name: 'Desistir: Arraigo' }).click();
    const confirm = client.getByRole('dialog', { name: '¿Desistir del contrato?' });
    await confirm.getByText(/Desistes del contrato de «Arraigo»/).waitFor();
    await expectHealthyPage(client);
    await confirm.getByRole('button', { name: 'Sí, desisto' }).click();
    await letters.getByText(/^Desististe el /).waitFor();
    expect(await letters.getByRole('button', { name: 'Desistir: Arraigo' }).count()).toBe(0);

    await mail.waitFor(sampleClient.email, /Hemos recibido tu desistimiento: Arraigo/);
    const notice = await mail.waitFor(firmInbox, /Desistimiento: Arraigo - Amina Diallo/);
    expect(notice.text).toContain('EXP-001');
  });

  it('shows the withdrawal on the case page, and the refund from Pagos sends the rectifying invoice', async () => {
    await admin.goto('/admin/expedientes/EXP-001');
    const engagement = admin.getByRole('region', { name: 'Hoja de encargo' });
    await engagement.getByText('Pidió empezar dentro de los 14 días de desistimiento.').waitFor();
    await engagement.getByText(/^El cliente desistió el /).waitFor();
    await expectHealthyPage(admin);

    await admin.goto('/admin?tab=pagos');
    const row = admin.getByRole('tabpanel', { name: 'Pagos' }).getByRole('row').filter({ hasText: sampleClient.email });
    await row.getByText(/^El cliente desistió el .*: devuélvele el dinero en 14 días como máximo\.$/).waitFor();
    await row.getByRole('button', { name: 'Reembolsar el pago de Amina Diallo' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reembolsar un pago' });
    expect(await dialog.getByLabel('Importe a devolver (€)').inputValue()).toBe('300');
    await dialog.getByLabel('Motivo').fill('Desistimiento en plazo, antes de empezar');
    await dialog.getByRole('group', { name: /^¿Qué pasa con el expediente EXP-001\?/ }).getByLabel(/^Cancelarlo/).check();
    await dialog.getByRole('button', { name: 'Revisar' }).click();
    await dialog.getByRole('button', { name: 'Sí, reembolsar' }).click();

    const rectifying = await mail.waitFor(sampleClient.email, new RegExp(`Tu factura rectificativa R-${year}-0001`));
    const text = await pdfText(rectifying.attachments[0]?.content ?? Buffer.alloc(0));
    expect(text).toContain('Desistimiento en plazo, antes de empezar');
    expect(text).toMatch(/-300,00\s€/);
  });
});
