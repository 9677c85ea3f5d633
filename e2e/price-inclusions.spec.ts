import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createClient, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { acceptEngagementLetter } from './support/engagement.ts';
import { startServer, type RunningServer } from './support/server.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' } };

/** What family reunification's price includes and leaves out, in French, as the Servicios tab's seed says it. */
const inclusions = ['TVA incluse', 'Taxe de l’administration de la demande incluse', 'Hors frais consulaires du visa', 'Hors traductions assermentées', 'Hors apostilles et légalisations'];

describe('one truth per price: family reunification states the same inclusions on the card, the start page, the checkout and the invoice', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail);
    context = await newVisitor(browser, server.url, consented, phone);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  const expectInclusions = async (where: Locator) => {
    const list = where.getByRole('list', { name: 'Ce que comprend le prix' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual(inclusions);
  };

  it('says them on the services page’s card, signed out, on a phone', async () => {
    await page.goto('/fr/servicios');
    await expectInclusions(page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Regroupement familial' }) }));
    await expectHealthyPage(page);
  });

  it('says them on the start page with the duration, and takes the relatives as the people the case is for', async () => {
    // A French browser signs in: the account remembers French, the language of its invoice.
    await signIn(context, sampleClient);
    await page.goto('/fr/iniciar-tramite?servicio=family-reunification');
    await expectInclusions(page.getByRole('main'));
    await page.getByText('Durée habituelle : de 3 à 6 mois').waitFor();
    const relatives = page.getByRole('group', { name: 'Proches que vous voulez faire venir' });
    await relatives.getByRole('button', { name: 'Ajouter un proche' }).click();
    const relative = relatives.getByRole('group', { name: 'Proche 1' });
    await relative.getByLabel('Nom et prénom').fill('Moussa Diallo');
    await relative.getByLabel('Lien de parenté').selectOption({ index: 1 });
    await relative.getByLabel('Numéro de passeport').fill('AB1234567');
    await page.getByText('Pour chaque proche ajouté, vous payez la moitié de notre prix ; sa taxe de l’administration n’est pas comprise et se paie à part.').waitFor();
    expect(await page.getByText('Forfait famille').count()).toBe(0);
    await expectHealthyPage(page);
  });

  it('says them on the checkout and, once paid, on the invoice', async () => {
    await page.getByRole('button', { name: /^Engager ce service pour/ }).click();
    await acceptEngagementLetter(page, { language: 'fr' });
    // The test provider's page, like the way back, is at the address of the client's language.
    await page.waitForURL('**/fr/checkout?session=*');
    await expectInclusions(page.getByRole('main'));
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Payer' }).click();
    await page.waitForURL('**/fr/pago?payment=success*');

    const invoice = await mail.waitFor(sampleClient.email, /Votre facture/);
    const text = (await pdfText(invoice.attachments[0]?.content ?? Buffer.alloc(0))).replace(/\s+/g, ' ');
    // The IVA is the invoice's own line; the rest is said under the service.
    expect(text).toContain(`${inclusions.slice(1).join('. ')}.`);
  });
});
