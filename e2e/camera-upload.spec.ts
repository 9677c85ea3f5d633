import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** What poppler says of the PDF, where it is installed; the count of its page objects otherwise. */
function pageCount(pdf: Buffer, folder: string): number {
  const file = join(folder, 'photographed.pdf');
  writeFileSync(file, pdf);
  try {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
  }
}

describe('a client photographs a document of three pages on a phone, and the firm receives one PDF of three pages', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-camera-upload-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser({ hasFakeCamera: true })]);
    await createClient(server.url, mail, { paid: ['arraigo'] });
    clientContext = await newVisitor(browser, server.url, consented, phone);
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

  it('takes three pages with the camera, moves the last one first, sends them, and the case page lists one PDF of three pages', async () => {
    await client.goto('/panel');
    const checklist = client.getByRole('region', { name: 'Lo que necesitamos de ti' });
    const passport = checklist.getByRole('listitem').filter({ has: client.getByRole('heading', { name: 'Pasaporte completo' }) });
    await passport.getByRole('button', { name: 'Fotografiar documento «Pasaporte completo»' }).click();

    const dialog = client.getByRole('dialog', { name: 'Fotografiar «Pasaporte completo»' });
    const take = dialog.getByRole('button', { name: 'Hacer foto de la página' });
    const pages = dialog.getByRole('list', { name: 'Páginas del documento' });
    for (const number of [1, 2, 3]) {
      await take.click();
      await pages.getByRole('img', { name: `Página ${number}` }).waitFor();
    }
    const sources = () => pages.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    const [first, second, third] = await sources();
    await dialog.getByRole('button', { name: 'Subir la página 3' }).click();
    await dialog.getByRole('button', { name: 'Subir la página 2' }).click();
    expect(await sources()).toEqual([third, first, second]);
    await expectHealthyPage(client);

    await dialog.getByRole('button', { name: 'Enviar 3 páginas en un PDF' }).click();
    await expectToast(client, 'Archivo recibido: lo revisaremos pronto.');
    await passport.getByText('En revisión').waitFor();
    await passport.getByText('pasaporte-completo.pdf').waitFor();

    // The firm's case page lists the one file; what it serves is a PDF of three pages.
    await admin.goto('/admin/expedientes/EXP-001');
    const requests = admin.getByRole('region', { name: 'Documentos solicitados' });
    const view = requests.getByRole('button', { name: 'Ver «pasaporte-completo.pdf»' });
    await view.waitFor();
    expect(await requests.getByRole('button', { name: /^Ver «/ }).count()).toBe(1);
    await expectHealthyPage(admin);
    await view.click();
    const shown = await admin.getByRole('dialog', { name: 'pasaporte-completo.pdf' }).locator('iframe[title="pasaporte-completo.pdf"]').getAttribute('src');
    const file = await admin.request.get(shown ?? '');
    expect([file.status(), file.headers()['content-type']]).toEqual([200, 'application/pdf']);
    const pdf = await file.body();
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pageCount(pdf, server.dataDir)).toBe(3);
  });
});
