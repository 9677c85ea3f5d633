import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createClient, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor, phoneIn } from './support/browser.ts';
import { acceptEngagementLetter } from './support/engagement.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** What family reunification's price includes and leaves out, and the words around it, as the seed and the catalogs say them. */
const texts = {
  fr: {
    card: 'Regroupement familial',
    list: 'Ce que comprend le prix',
    inclusions: ['TVA incluse', 'Taxe de l’administration de la demande incluse', 'Hors frais consulaires du visa', 'Hors traductions assermentées', 'Hors apostilles et légalisations'],
    duration: 'Durée habituelle : de 3 à 6 mois',
    relatives: 'Proches que vous voulez faire venir',
    add: 'Ajouter un proche',
    relative: 'Proche 1',
    name: 'Nom et prénom',
    relationship: 'Lien de parenté',
    passport: 'Numéro de passeport',
    feesNote: 'Pour chaque proche ajouté, vous payez la moitié de notre prix ; sa taxe de l’administration n’est pas comprise et se paie à part.',
    familyPackage: 'Forfait famille',
    hire: /^Engager ce service pour/,
    pay: 'Payer',
    invoice: /Votre facture/,
  },
  en: {
    card: 'Family reunification',
    list: 'What the price includes',
    inclusions: ['VAT included', 'Government fee of the application included', "Does not include the consulate's visa fee", 'Does not include sworn translations', 'Does not include apostilles or legalisations'],
    duration: 'Typical duration: 3 to 6 months',
    relatives: 'Relatives you want to bring',
    add: 'Add a relative',
    relative: 'Relative 1',
    name: 'Full name',
    relationship: 'Relationship',
    passport: 'Passport number',
    feesNote: 'For each relative added you pay half our price; their government fee is not included and is paid separately.',
    familyPackage: 'Family package',
    hire: /^Hire service for/,
    pay: 'Pay',
    invoice: /Your invoice/,
  },
} as const;

describe.each(['fr', 'en'] as const)('one truth per price in %s: family reunification states the same inclusions on the card, the start page, the checkout and the invoice', (language) => {
  const said = texts[language];
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail);
    // A phone whose browser speaks the language: the account remembers it at sign-in, the language of its invoice.
    context = await newVisitor(browser, server.url, consented, phoneIn(language));
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  const expectInclusions = async (where: Locator) => {
    const list = where.getByRole('list', { name: said.list });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([...said.inclusions]);
  };

  it('says them on the services page’s card, signed out', async () => {
    await page.goto(`/${language}/servicios`);
    await expectInclusions(page.getByRole('article').filter({ has: page.getByRole('heading', { name: said.card }) }));
    await expectHealthyPage(page);
  });

  it('says them on the start page with the duration, and takes the relatives as the people the case is for', async () => {
    await signIn(context, sampleClient);
    await page.goto(`/${language}/iniciar-tramite?servicio=family-reunification`);
    await expectInclusions(page.getByRole('main'));
    await page.getByText(said.duration.replace(' :', '\u00a0:')).waitFor();
    const relatives = page.getByRole('group', { name: said.relatives });
    await relatives.getByRole('button', { name: said.add }).click();
    const relative = relatives.getByRole('group', { name: said.relative });
    await relative.getByLabel(said.name).fill('Moussa Diallo');
    await relative.getByLabel(said.relationship).selectOption({ index: 1 });
    await relative.getByLabel(said.passport).fill('AB1234567');
    await page.getByText(said.feesNote.replace(' ;', '\u00a0;')).waitFor();
    expect(await page.getByText(said.familyPackage).count()).toBe(0);
    await expectHealthyPage(page);
  });

  it('says them on the checkout and, once paid, on the invoice', async () => {
    await page.getByRole('button', { name: said.hire }).click();
    await acceptEngagementLetter(page, { language });
    // The test provider's page, like the way back, is at the address of the client's language.
    await page.waitForURL(`**/${language}/checkout?session=*`);
    await expectInclusions(page.getByRole('main'));
    await expectHealthyPage(page);
    await page.getByRole('button', { name: said.pay }).click();
    await page.waitForURL(`**/${language}/pago?payment=success*`);

    const invoice = await mail.waitFor(sampleClient.email, said.invoice);
    const text = (await pdfText(invoice.attachments[0]?.content ?? Buffer.alloc(0))).replace(/\s+/g, ' ');
    // The IVA is the invoice's own line; the rest is said under the service.
    expect(text).toContain(`${said.inclusions.slice(1).join('. ')}.`);
  });
});
