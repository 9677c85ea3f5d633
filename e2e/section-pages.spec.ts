import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, type Account, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { acceptEngagementLetter } from './support/engagement.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const frenchClient: Account = { email: 'nadia@example.fr', password: 'Regroupement-2026!', firstName: 'Nadia', lastName: 'Benali', phone: '+33612345678' };

/**
 * A French visitor on a phone, found through a search for family reunification in Spain, reads
 * what she must gather and books a consultation from the page; the firm then answers one more
 * question on that page, and the next reader finds it there.
 */
describe('a section page: read on a phone in French, a consultation booked from it, its questions edited by the firm', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let visitorContext: BrowserContext;
  let adminContext: BrowserContext;
  let visitor: Page;
  let admin: Page;

  /** Chooses with the keyboard, as the radio group lets one: focus a radio, then Space. */
  async function choose(radio: Locator) {
    await radio.focus();
    await radio.press('Space');
    expect(await radio.isChecked()).toBe(true);
  }

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-sections-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    await createClient(server.url, mail, { client: frenchClient });
    visitorContext = await newVisitor(browser, server.url, { ...consented, lang: 'fr' }, { locale: 'fr-FR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(visitorContext, frenchClient);
    visitor = await visitorContext.newPage();
    adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    admin = await adminContext.newPage();
  });
  afterAll(async () => {
    await visitorContext?.close();
    await adminContext?.close();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('reads the documents of family reunification in French on a 390 × 844 screen', async () => {
    await visitor.goto('/fr/extranjeria/reagrupacion');
    await visitor.getByRole('heading', { level: 1, name: 'Regroupement familial en Espagne' }).waitFor();
    const documents = visitor.getByRole('region', { name: 'Documents à fournir' });
    const marriage = documents.getByRole('listitem').filter({ hasText: 'Acte de mariage ou de naissance' });
    await marriage.scrollIntoViewIfNeeded();
    await marriage.getByText('Apostillé ou légalisé').waitFor();
    await marriage.getByText('Avec traduction assermentée').waitFor();
    await documents.getByText("Rapport d'adéquation du logement").waitFor();
    await visitor.getByRole('region', { name: 'Prix et ce qui est inclus' }).getByText('500 €').waitFor();
    // Nothing on the page is wider than the phone.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectHealthyPage(visitor);
  });

  it('books the scheduled consultation from the page and pays it', async () => {
    await visitor.getByRole('button', { name: 'Réserver une consultation · 39,99 €' }).first().click();
    const dialog = visitor.getByRole('dialog', { name: 'Réservez votre consultation' });
    await dialog.getByText('Heures de Madrid (Espagne).').waitFor();
    await choose(dialog.getByRole('group', { name: 'Jour' }).getByRole('radio').last());
    await choose(dialog.getByRole('group', { name: 'Heure' }).getByRole('radio').first());
    await choose(dialog.getByRole('radio', { name: 'Visioconférence' }));
    await expectHealthyPage(visitor);
    await dialog.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await acceptEngagementLetter(visitor, { language: 'fr' });
    await visitor.waitForURL('**/checkout?session=*');
    await visitor.getByRole('button', { name: 'Payer' }).click();
    await visitor.waitForURL('**/pago?payment=success&kind=consultation&service=scheduled');
  });

  it('the firm adds a question in French in the Páginas tab, and the page shows it at once', async () => {
    await admin.goto('/admin?tab=paginas');
    const panel = admin.getByRole('tabpanel', { name: 'Páginas' });
    await panel.getByRole('row').filter({ hasText: '/extranjeria/reagrupacion' }).getByRole('button', { name: /^Editar la página/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Editar la página /extranjeria/reagrupacion' });
    const french = dialog.getByRole('group', { name: 'Francés (opcional)' });
    await french.getByRole('button', { name: 'Añadir pregunta' }).click();
    await french.getByLabel('Pregunta 4').fill('Mon conjoint pourra-t-il travailler en Espagne ?');
    await french.getByLabel('Respuesta 4').fill('Oui : l’autorisation de séjour par regroupement familial permet de travailler.');
    await expectHealthyPage(admin);
    await dialog.getByRole('button', { name: 'Guardar página' }).click();
    await expectToast(admin, 'Página guardada');

    await visitor.goto('/fr/extranjeria/reagrupacion');
    const questions = visitor.getByRole('region', { name: 'Questions fréquentes' });
    await questions.getByRole('heading', { name: 'Mon conjoint pourra-t-il travailler en Espagne ?' }).waitFor();
    await questions.getByText('permet de travailler.').waitFor();
    await expectHealthyPage(visitor);
  });
});
