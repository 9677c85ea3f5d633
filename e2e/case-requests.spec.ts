import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

const passport = { name: 'pasaporte.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf() };
const reason = 'Falta la página de la foto: sube todas las páginas.';

describe('the checklist of a case: the client pays and uploads, the firm rejects and accepts, the client follows it live', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  const checklist = () => client.getByRole('region', { name: 'Lo que necesitamos de ti' });
  const passportItem = () => checklist().getByRole('listitem').filter({ has: client.getByRole('heading', { name: 'Pasaporte completo' }) });

  /** The firm's case page, reached from the row of the Expedientes tab, and its requests panel. */
  async function openCasePage() {
    await admin.goto('/admin?tab=expedientes');
    await admin.getByRole('tabpanel', { name: 'Expedientes' }).getByRole('row').filter({ hasText: 'EXP-001' }).getByRole('link', { name: 'Abrir la página de EXP-001' }).click();
    await admin.waitForURL('**/admin/expedientes/EXP-001');
    const requests = admin.getByRole('region', { name: 'Documentos solicitados' });
    await requests.waitFor();
    return requests;
  }

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-case-requests-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
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

  it('pays a case on the test provider, then shows its checklist first, with each document’s flags in plain words, and takes the passport', async () => {
    // The client's paid Arraigo opens EXP-001 with the arraigo social checklist.
    await client.goto('/servicios');
    await client.getByRole('article').filter({ has: client.getByRole('heading', { name: 'Arraigo' }) }).getByRole('link', { name: 'Contratar servicio' }).click();
    await client.waitForURL('**/iniciar-tramite?servicio=arraigo');
    await client.getByRole('button', { name: /^Contratar Servicio por/ }).click();
    await acceptEngagementLetter(client);
    await client.waitForURL('**/checkout?session=*');
    await client.getByRole('button', { name: 'Pagar' }).click();
    await client.waitForURL('**/pago?payment=success&kind=case&service=arraigo');
    await client.getByRole('link', { name: 'Ir a mi panel' }).click();
    await client.waitForURL('**/panel*');
    await checklist().getByText('0 de 6 aceptados').waitFor();
    const criminalRecord = checklist().getByRole('listitem').filter({ has: client.getByRole('heading', { name: 'Certificado de antecedentes penales' }) });
    await criminalRecord.getByText('Debe tener menos de 3 meses desde que se expidió cuando lo presentemos.').waitFor();
    await criminalRecord.getByText(/apostilla de La Haya/).waitFor();
    const quote = criminalRecord.getByRole('link', { name: 'Pide presupuesto de traducción jurada' });
    expect(await quote.getAttribute('href')).toBe('/traducciones/presupuesto?expediente=EXP-001&documento=Certificado+de+antecedentes+penales');
    await expectHealthyPage(client);

    await passportItem().getByLabel('Subir archivo para «Pasaporte completo»').setInputFiles(passport);
    await expectToast(client, 'Archivo recibido: lo revisaremos pronto.');
    await passportItem().getByText('En revisión').waitFor();
    await passportItem().getByText('pasaporte.pdf').waitFor();
  });

  it('prefills the translation quote with the case and the document', async () => {
    await client.goto('/traducciones/presupuesto?expediente=EXP-001&documento=Certificado+de+antecedentes+penales');
    const comments = client.getByLabel(/Comentarios/);
    await comments.waitFor();
    expect(await comments.inputValue()).toBe('Traducción jurada para el expediente EXP-001: Certificado de antecedentes penales');
    await expectHealthyPage(client);
  });

  it('lets the firm reject the passport on the case page with a reason the client reads live, accept the new upload and move the stage, which the client sees live and is mailed', async () => {
    await client.goto('/panel');
    await passportItem().getByText('En revisión').waitFor();
    const caseHeading = client.getByRole('heading', { level: 2, name: /EXP-001/ });
    await caseHeading.getByText('Pendiente de documentación').waitFor();

    let requests = await openCasePage();
    await requests.getByText('pasaporte.pdf').waitFor();
    // The header says the language the client's account uses: the one to write to them in.
    await admin.getByText('Idioma del cliente: Español').waitFor();
    await expectHealthyPage(admin);
    // The passport is seen in the page: the PDF's own address, served inline and framed by the site only.
    await requests.getByRole('button', { name: 'Ver «pasaporte.pdf»' }).click();
    const preview = admin.getByRole('dialog', { name: 'pasaporte.pdf' });
    const shown = await preview.locator('iframe[title="pasaporte.pdf"]').getAttribute('src');
    expect(shown).toMatch(/^\/api\/admin\/cases\/1\/documents\/[0-9a-f-]+\?disposition=inline$/);
    const inline = await admin.request.get(shown ?? '');
    expect([inline.status(), inline.headers()['content-type'], inline.headers()['x-content-type-options']]).toEqual([200, 'application/pdf', 'nosniff']);
    expect(inline.headers()['content-disposition']).toMatch(/^inline; filename="pasaporte.pdf"/);
    expect(inline.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await expectHealthyPage(admin);
    await preview.getByRole('button', { name: 'Cerrar' }).click();
    await requests.getByRole('button', { name: 'Rechazar «Pasaporte completo»' }).click();
    const rejection = requests.getByRole('form', { name: 'Rechazar «Pasaporte completo»' });
    await rejection.getByLabel(/Motivo/).fill(reason);
    await rejection.getByRole('button', { name: 'Rechazar documento' }).click();
    await expectToast(admin, 'Cambios guardados');

    // The client's panel was not reloaded: the case stream told it, and it read the checklist again.
    await passportItem().getByText(`No nos sirve: ${reason}`).waitFor();
    await passportItem().getByText('Rechazado').waitFor();
    await expectHealthyPage(client);
    await passportItem().getByLabel('Subir archivo para «Pasaporte completo»').setInputFiles({ ...passport, name: 'pasaporte-completo.pdf' });
    await expectToast(client, 'Archivo recibido: lo revisaremos pronto.');
    await passportItem().getByText('En revisión').waitFor();

    requests = await openCasePage();
    await requests.getByText('pasaporte-completo.pdf').waitFor();
    await requests.getByRole('button', { name: 'Aceptar «Pasaporte completo»' }).click();
    await expectToast(admin, 'Cambios guardados');
    await checklist().getByText('1 de 6 aceptado').waitFor();
    await passportItem().getByText('Aceptado').waitFor();
    expect(await passportItem().getByLabel('Subir archivo para «Pasaporte completo»').count()).toBe(0);

    await admin.getByLabel('Mover a la fase').selectOption({ label: 'Revisando documentación' });
    await admin.getByRole('button', { name: 'Mover de fase' }).click();
    await expectToast(admin, 'Estado actualizado');
    await caseHeading.getByText('Revisando documentación').waitFor();
    await expectHealthyPage(client);
    // The client signed up in Spanish: the stage mail speaks it.
    const notice = await mail.waitFor(sampleClient.email, /Tu expediente EXP-001 ha cambiado de fase/);
    expect(notice.text).toContain('está ahora en la fase: Revisando documentación.');
  });

  it('shows the procedures in the Trámites tab, where the firm rewords and reorders a checklist', async () => {
    await admin.goto('/admin?tab=tramites');
    const panel = admin.getByRole('tabpanel', { name: 'Trámites' });
    const row = panel.getByRole('row').filter({ hasText: 'Arraigo social' });
    await row.getByText('6 documentos').waitFor();
    await expectHealthyPage(admin);
    await row.getByRole('button', { name: 'Editar «Arraigo social»' }).click();
    const editor = admin.getByRole('dialog', { name: 'Editar trámite' });
    const frenchTitle = editor.getByLabel('Documento (Francés)').first();
    expect(await frenchTitle.inputValue()).toBe('Passeport complet');
    await expectHealthyPage(admin);
    await frenchTitle.fill('Passeport (toutes les pages)');
    await editor.getByRole('button', { name: 'Bajar el documento 1' }).click();
    await editor.getByRole('button', { name: 'Guardar trámite' }).click();
    await expectToast(admin, 'Trámite guardado');
    await row.getByRole('button', { name: 'Editar «Arraigo social»' }).click();
    const reopened = admin.getByRole('dialog', { name: 'Editar trámite' });
    expect(await reopened.getByLabel('Documento (Francés)').nth(1).inputValue()).toBe('Passeport (toutes les pages)');
  });
});
