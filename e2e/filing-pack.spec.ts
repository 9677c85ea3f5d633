import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

/** A real PDF of `pages` pages, each naming its document. */
async function textPdf(label: string, pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page += 1) pdf.addPage([595, 842]).drawText(`${label} ${page}`, { x: 72, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
}

describe('the filing pack of a case', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-filing-pack-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    // The client's paid Arraigo opens EXP-001.
    await createClient(server.url, mail, { paid: ['arraigo'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('the firm ticks the accepted documents, orders them with the keyboard, builds the pack and downloads its index', async () => {
    const context = await newVisitor(browser, server.url, consented);
    await signIn(context, sampleAdmin);
    // The documents the firm accepted on the case (the requests' own journey is case-requests.spec.ts).
    const requests = (await (await context.request.get('/api/admin/cases/1/requests')).json()) as { id: string; title: string }[];
    for (const [index, label] of ['PASAPORTE', 'PADRON'].entries()) {
      const request = requests[index];
      const uploaded = await context.request.post(`/api/admin/cases/1/requests/${request?.id}/documents`, {
        multipart: { document: { name: `${label.toLowerCase()}.pdf`, mimeType: 'application/pdf', buffer: await textPdf(label, index + 1) } },
      });
      expect(uploaded.status()).toBe(201);
      expect((await context.request.post(`/api/admin/cases/1/requests/${request?.id}/accept`)).status()).toBe(200);
    }

    const page = await context.newPage();
    await page.goto('/admin/expedientes/EXP-001');
    const section = page.getByRole('region', { name: 'Expediente para presentar' });
    await section.getByText('Límites del registro: 10 MB por archivo y 50 MB por presentación.').waitFor();
    await section.getByRole('checkbox', { name: /pasaporte\.pdf/ }).check();
    await section.getByRole('checkbox', { name: /padron\.pdf/ }).check();
    // The census certificate first: moved up with the keyboard.
    await section.getByRole('button', { name: 'Subir «padron.pdf»' }).focus();
    await page.keyboard.press('Enter');
    const order = section.getByRole('list', { name: 'Orden de presentación' });
    await order.getByText('1. padron.pdf').waitFor();
    await expectHealthyPage(page);
    await section.getByRole('button', { name: 'Preparar el expediente' }).click();
    await expectToast(page, 'Expediente preparado');
    const index = section.getByRole('link', { name: 'Descargar EXP-001-00-indice.pdf' });
    await index.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), index.click()]);
    expect(download.suggestedFilename()).toBe('EXP-001-00-indice.pdf');
    const file = await context.request.get((await index.getAttribute('href')) ?? '');
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await section.getByText('Aún sin presentar').waitFor();
    await expectHealthyPage(page);
    await context.close();
  });
});
