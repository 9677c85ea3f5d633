import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createClient, sampleClient, signIn, type Account } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

const firm = { FIRM_LEGAL_NAME: 'Asesoría Palmeral S.L.', FIRM_TAX_ID: 'B03123456', FIRM_ADDRESS: 'Calle Mayor 1, 03202 Elche' };
const year = new Date().getFullYear();
const number = `F-${year}-0001`;

describe('the invoice of a payment, as the client receives and downloads it', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url, FIRM_EMAIL: 'despacho@example.com', ...firm } }), launchBrowser()]);
    await createClient(server.url, mail);
    context = await newVisitor(browser, server.url, consented, { acceptDownloads: true });
    await signIn(context, sampleClient);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('bills the company the client names, mails the PDF and lets them download it from the panel', async () => {
    await page.goto('/iniciar-tramite?servicio=nie-crue');
    const billing = page.getByRole('group', { name: 'Datos de la factura' });
    await billing.getByLabel('Quiero la factura a nombre de una empresa').check();
    await billing.getByLabel('Razón social').fill('Exportaciones Diallo S.L.');
    await billing.getByLabel('CIF').fill('B1234567');
    await billing.getByLabel('Dirección fiscal').fill('Avenida de Alicante 5, Elche');
    const hire = page.getByRole('button', { name: /^Contratar Servicio por 150\s€$/ });
    await hire.click();
    await billing.getByText('El CIF no es válido (por ejemplo, B12345674).').waitFor();
    await expectHealthyPage(page);
    await billing.getByLabel('CIF').fill('B12345674');
    await hire.click();
    await acceptEngagementLetter(page);

    await page.waitForURL('**/checkout?session=*');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/pago?payment=success*');
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();

    const mailed = await mail.waitFor(sampleClient.email, new RegExp(`Tu factura ${number}`));
    const attachment = mailed.attachments.find((file) => file.filename === `${number}.pdf`);
    expect(attachment?.mimeType).toBe('application/pdf');
    const mailedText = await pdfText(attachment?.content ?? Buffer.alloc(0));
    for (const piece of [number, `NIF: ${firm.FIRM_TAX_ID}`, 'Exportaciones Diallo S.L.', 'CIF: B12345674', 'Base imponible 123,97 €', 'IVA (21 %) 26,03 €', 'Total 150,00 €'])
      expect(mailedText).toContain(piece);

    await page.getByRole('tab', { name: 'Pagos' }).click();
    const payments = page.getByRole('tabpanel', { name: 'Pagos' });
    const link = payments.getByRole('link', { name: `Descargar factura ${number}` });
    await link.waitFor();
    await expectHealthyPage(page);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const downloaded = await pdfText(fs.readFileSync((await download.path()) ?? ''));
    expect(downloaded).toBe(mailedText);
  });

  it('leads a client whose profile lacks what the invoice names to fill it in, and charges one living in Morocco the price without IVA', async () => {
    const youssef: Account = { email: 'youssef@example.com', password: 'Palmeral-Tanger-2026', firstName: 'Youssef', lastName: 'Alami', phone: '+34611223355' };
    await createClient(server.url, mail, { client: youssef, hasInvoiceProfile: false });
    const visitor = await newVisitor(browser, server.url, consented);
    await signIn(visitor, youssef);
    const tab = await visitor.newPage();
    await tab.goto('/iniciar-tramite?servicio=nie-crue');
    const notice = tab.getByRole('complementary', { name: 'Datos de tu factura' });
    await notice.getByText(/completa en tu perfil: si contratas como particular o como empresa, NIE o pasaporte, dirección y país de residencia/).waitFor();
    expect(await tab.getByRole('button', { name: /^Contratar Servicio/ }).count()).toBe(0);
    await expectHealthyPage(tab);
    await notice.getByRole('link', { name: 'Completar mi perfil' }).click();
    await tab.waitForURL('**/perfil');
    await tab.getByLabel(/^Número de pasaporte/).fill('MA1234567');
    await tab.getByLabel(/^Dirección/).fill('Rue 5, Tánger');
    await tab.getByLabel(/^País de residencia/).selectOption('MA');
    await tab.getByLabel(/^Contratas como/).selectOption('private');
    await tab.getByRole('button', { name: 'Guardar cambios' }).click();
    await tab.getByRole('region', { name: /Notificaciones/ }).getByText('Perfil actualizado', { exact: true }).waitFor();

    await tab.goto('/iniciar-tramite?servicio=nie-crue');
    await tab.getByText('Sin IVA: vives fuera de la Unión Europea, el servicio no está sujeto al IVA español').waitFor();
    await tab.getByRole('button', { name: /^Contratar Servicio por 123,97\s€$/ }).click();
    await acceptEngagementLetter(tab);
    await tab.waitForURL('**/checkout?session=*');
    await tab.getByRole('button', { name: 'Pagar' }).click();
    await tab.waitForURL('**/pago?payment=success*');

    const mailed = await mail.waitFor(youssef.email, /Tu factura F-/);
    const text = await pdfText(mailed.attachments[0]?.content ?? Buffer.alloc(0));
    for (const piece of ['Youssef Alami', 'Pasaporte: MA1234567', 'Rue 5, Tánger', 'Marruecos', 'Importe (sin IVA)', 'IVA: operación no sujeta 0,00 €', 'Total 123,97 €', 'Ley 37/1992, art. 69.Dos.e'])
      expect(text).toContain(piece);
    await visitor.close();
  });
});
