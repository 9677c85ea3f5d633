import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn, signInOverHttp } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { withAcceptedLetter } from './support/engagement.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const passport = { name: 'pasaporte.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf() };

describe('property work: the client sends the identification Ley 10/2010 asks, the lawyer accepts it before the work starts', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  /** The property purchase hired as its 'from' price asks: a quote asked for, sent by the firm and paid (over HTTP: the quote's own journey has its tests). */
  async function hirePropertyPurchase() {
    const clientCookie = await signInOverHttp(server.url, sampleClient);
    const adminCookie = await signInOverHttp(server.url, sampleAdmin);
    const send = async (cookie: string, url: string, body: object) => {
      const response = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, cookie }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
    };
    const { id: quoteId } = (await send(clientCookie, '/api/quotes', { serviceId: 'property-purchase' })) as { id: string };
    const validUntil = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await send(adminCookie, `/api/admin/quotes/${quoteId}/send`, { priceCents: 150_000, validUntil, message: 'Compra de un piso en Elche.' });
    // What a complete invoice names of its recipient, filled in once before paying (Real Decreto 1619/2012, art. 6).
    const profile = await fetch(`${server.url}/api/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: clientCookie },
      body: JSON.stringify({ ...sampleClient, password: undefined, nie: 'X1234567L', passportNumber: null, address: 'Calle Mayor 2, 03202 Elche', dateOfBirth: null, residenceCountry: 'ES', buyerKind: 'private', businessName: null, businessTaxId: null }),
    });
    if (!profile.ok) throw new Error(`profile: ${profile.status} ${await profile.text()}`);
    const user = (await (await fetch(`${server.url}/api/account/session`, { headers: { cookie: clientCookie } })).json()) as { user: object };
    const started = (await send(clientCookie, '/api/payments/checkout', await withAcceptedLetter(server.url, clientCookie, { service: { id: 'property-purchase' }, user: user.user, quoteId }))) as { url: string };
    await send(clientCookie, `/api/payments/test-checkout/${new URL(started.url).searchParams.get('session')}/pay`, {});
  }

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-aml-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail);
    await hirePropertyPurchase();
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

  it('leads /compraventa to the property purchase’s start page, which says the law asks for identification', async () => {
    await client.goto('/compraventa');
    await client.getByRole('complementary', { name: 'Identificación exigida por la ley' }).waitFor();
    await client.getByRole('link', { name: 'Pedir presupuesto' }).first().click();
    await client.waitForURL('**/iniciar-tramite?servicio=property-purchase');
    await client.getByRole('heading', { name: 'Compraventa de inmuebles' }).waitFor();
  });

  it('asks the client on the panel, says why and for how long, and takes the document', async () => {
    await client.goto('/panel');
    const box = client.getByRole('region', { name: 'Tu identificación para la compraventa' });
    await box.getByText(/Ley 10\/2010 de prevención del blanqueo de capitales/).waitFor();
    await box.getByText(/10 años desde que termine nuestra relación, también si eliminas tu cuenta/).waitFor();
    await box.getByLabel(/^Nombre y apellidos/).fill('Amina Diallo');
    await box.getByLabel(/^Tipo de documento/).selectOption('passport');
    await box.getByLabel(/^Número del documento/).fill('XK1234567');
    await box.getByLabel(/^Copia del documento/).setInputFiles(passport);
    await box.getByLabel(/^Origen de los fondos/).fill('Ahorros de mi trabajo en Francia');
    await box.getByLabel(/^Finalidad de la operación/).fill('Vivienda habitual');
    await box.getByRole('button', { name: 'Enviar mi identificación' }).click();
    await expectToast(client, 'Identificación enviada');
    await box.getByText('En revisión').waitFor();
    await expectHealthyPage(client);
  });

  it('shows it to the lawyer on the case page, where accepting it lets the work start; the client sees it accepted', async () => {
    await admin.goto('/admin/expedientes/EXP-001');
    const section = admin.getByRole('region', { name: 'Identificación (Ley 10/2010)' });
    await section.getByText('XK1234567', { exact: false }).waitFor();
    await section.getByRole('link', { name: 'Descargar pasaporte.pdf' }).waitFor();
    await section.getByRole('button', { name: 'Aceptar la identificación' }).click();
    await expectToast(admin, 'Identificación aceptada');
    await section.getByText('Aceptada').first().waitFor();
    await expectHealthyPage(admin);

    await client.reload();
    await client.getByRole('region', { name: 'Tu identificación para la compraventa' }).getByText('Tu identificación está aceptada', { exact: false }).waitFor();
  });
});
