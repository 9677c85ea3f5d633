import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createClient, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

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
});
