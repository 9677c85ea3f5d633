import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { clamdMissing, eicar, startClamd, type TestClamd } from '../server/test/clamd.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

if (clamdMissing) console.warn(`Skipped: ${clamdMissing}`);

const pdf = (name: string, content: Buffer = Buffer.alloc(0)) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from(`%PDF-1.7\n${'x'.repeat(500)}\n`), content]),
});

describe.skipIf(clamdMissing)('uploads scanned by clamd, as a visitor sees the refusals', () => {
  let clamd: TestClamd;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    clamd = await startClamd();
    [server, browser] = await Promise.all([startServer({ env: { CLAMD_SOCKET: clamd.socketPath } }), launchBrowser()]);
    context = await newVisitor(browser, server.url, consented);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await clamd?.stop();
  });

  const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

  async function sendServicesForm(page: Page, file: ReturnType<typeof pdf>) {
    await page.goto('/servicios#traducciones');
    const section = page.locator('#traducciones');
    await section.getByRole('heading', { name: 'Solicita tu traducción' }).waitFor();
    await section.getByLabel('Nombre y apellidos').fill('Pierre Leroy');
    await section.getByLabel('Email').fill('pierre@example.com');
    await section.getByLabel('Teléfono (WhatsApp)').fill('+33612345678');
    await section.getByLabel('Idioma de origen').selectOption('fr');
    await section.getByLabel('Idioma de destino').selectOption('es');
    await section.getByLabel('Documento', { exact: true }).setInputFiles([file]);
    await section.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await section.getByRole('button', { name: 'Enviar solicitud' }).click();
    return section;
  }

  it('refuses a flagged document on the services page, naming it under the field and in the toast', async () => {
    const page = await context.newPage();
    // A PDF carrying the EICAR test string, which the test clamd flags.
    const section = await sendServicesForm(page, pdf('certificado.pdf', eicar));
    const message = 'El archivo certificado.pdf contiene un virus o software malicioso y no se ha aceptado.';
    await toasts(page).getByText('Error al subir el documento').waitFor();
    await toasts(page).getByText(message).waitFor();
    await section.getByText(message).waitFor();
    await expectHealthyPage(page);
  });

  it('refuses even a clean document while clamd does not answer, asking to try later', async () => {
    await clamd.stop();
    const page = await context.newPage();
    await sendServicesForm(page, pdf('certificado.pdf'));
    await toasts(page).getByText('Ahora mismo no podemos comprobar los archivos. Inténtalo de nuevo más tarde.').waitFor();
  });
});
