import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

const nie = 'NIE y certificado de registro UE (CRUE)';

/** The Spanish money of the pages, whatever space Intl puts before the euro sign. */
const euros = (amount: string) => new RegExp(amount.replace(' ', '\\s'));

describe('the Servicios tab: the firm changes a price, the site and the next checkout follow', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let clientContext: BrowserContext;
  let admin: Page;
  let client: Page;

  const offerCard = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const servicesTab = () => admin.getByRole('tabpanel', { name: 'Servicios' });
  const serviceRow = (title: string) => servicesTab().getByRole('row').filter({ hasText: title });

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-services-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: 'despacho@example.com' } }), launchBrowser()]);
    await createClient(server.url, mail);
    adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    admin = await adminContext.newPage();
    clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    client = await clientContext.newPage();
  });
  afterAll(async () => {
    await adminContext?.close();
    await clientContext?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('saves a new price typed in euros, refusing one that is no amount, and shows it at once on the services page of the same browser', async () => {
    // The admin's browser reads the catalogue first, so its copy must be replaced by the save.
    await admin.goto('/servicios#expedientes');
    await offerCard(admin, nie).getByText(euros('150 €')).waitFor();
    await admin.getByRole('link', { name: 'Admin' }).click();
    await admin.getByRole('tab', { name: 'Servicios' }).click();
    await serviceRow(nie).waitFor();
    expect(await serviceRow(nie).textContent()).toMatch(euros('150 €'));
    expect(await serviceRow('Traducción').getByText('Oculto').count()).toBe(1);
    await expectHealthyPage(admin);

    await serviceRow(nie).getByRole('button', { name: `Editar «${nie}»` }).click();
    const dialog = admin.getByRole('dialog', { name: `Editar «${nie}»` });
    const price = dialog.getByLabel('Precio en euros');
    expect(await price.inputValue()).toBe('150');
    expect(await dialog.getByLabel('Título (inglés)').inputValue()).toBe('NIE and EU registration certificate (CRUE)');
    await price.fill('ciento');
    await dialog.getByRole('button', { name: 'Guardar servicio' }).click();
    await dialog.getByText('Escribe un importe en euros, por ejemplo 150 o 150,50.').waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    await expectHealthyPage(admin);

    await price.fill('175,50');
    await dialog.getByRole('button', { name: 'Guardar servicio' }).click();
    await expectToast(admin, 'Servicio guardado');
    await dialog.waitFor({ state: 'detached' });
    await serviceRow(nie).getByText(euros('175,50 €')).waitFor();

    await admin.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Servicios' }).click();
    await admin.waitForURL('**/servicios');
    await offerCard(admin, nie).getByText(euros('175,50 €')).waitFor();
  });

  it('shows the new price to a client on their next visit, and charges it at checkout', async () => {
    await client.goto('/servicios#expedientes');
    const card = offerCard(client, nie);
    await card.getByText(euros('175,50 €')).waitFor();
    await card.getByRole('link', { name: 'Contratar servicio' }).click();

    await client.waitForURL('**/iniciar-tramite?servicio=nie-crue');
    await client.getByRole('button', { name: euros('Contratar Servicio por 175,50 €') }).click();
    await acceptEngagementLetter(client);
    await client.waitForURL('**/checkout?session=*');
    await client.getByRole('note').getByText('Modo de prueba').waitFor();
    const total = client.getByRole('main').getByRole('definition').last();
    await total.getByText(euros('175,50 €')).waitFor();
    await expectHealthyPage(client);
    await client.getByRole('button', { name: 'Pagar' }).click();
    await client.waitForURL('**/pago?payment=success*');

    const paid = await client.evaluate(() => fetch('/api/payments').then((response) => response.json() as Promise<Array<{ serviceId: string; amountCents: number; status: string }>>));
    expect(paid).toEqual([expect.objectContaining({ serviceId: 'nie-crue', amountCents: 17550, status: 'paid' })]);
  });

  it('takes a withdrawn service off the services page, and its start page sends the client back', async () => {
    await admin.goto('/admin?tab=servicios');
    await serviceRow('Arraigo').getByRole('button', { name: /^Editar «Arraigo/ }).click();
    const dialog = admin.getByRole('dialog', { name: /^Editar «Arraigo/ });
    await dialog.getByLabel('Se ofrece en la web y se puede contratar').uncheck();
    await dialog.getByRole('button', { name: 'Guardar servicio' }).click();
    await expectToast(admin, 'Servicio guardado');
    await serviceRow('Arraigo').getByText('Retirado').waitFor();

    await client.goto('/servicios#expedientes');
    await offerCard(client, nie).waitFor();
    expect(await client.getByRole('heading', { name: /Arraigo/ }).count()).toBe(0);
    await client.goto('/iniciar-tramite?servicio=arraigo');
    await client.waitForURL('**/servicios');
  });
});
