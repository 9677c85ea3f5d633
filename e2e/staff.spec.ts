import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { completeTwoFactorSetUp, createAdmin, createClient, sampleAdmin, sampleClient, signIn, type Account } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const lawyer: Account = { email: 'lucia@despacho.example', password: 'Abogada-Elche-2026!', firstName: 'Lucía', lastName: 'Ortega', phone: '+34600000009' };
const translator: Account = { email: 'tomas@despacho.example', password: 'Traductor-Elche-2026!', firstName: 'Tomás', lastName: 'Ferrer', phone: '+34600000010' };
const note = 'El pasaporte caduca en marzo: @Marta, ¿pedimos la renovación antes de presentar?';

describe('the firm as a team', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let ownerPage: Page;
  let lawyerPage: Page;
  const contexts: BrowserContext[] = [];

  const visitor = async () => {
    const context = await newVisitor(browser, server.url, consented);
    contexts.push(context);
    return context;
  };

  /** The owner invites the person with a role; they open the mailed link, set a password and the second factor. */
  async function join(person: Account, role: string, roleName: string): Promise<Page> {
    await ownerPage.goto('/admin?tab=equipo');
    await ownerPage.getByLabel('Email', { exact: true }).fill(person.email);
    await ownerPage.getByLabel('Rol', { exact: true }).selectOption(role);
    await ownerPage.getByRole('button', { name: 'Invitar' }).click();
    await expectToast(ownerPage, `Invitación enviada a ${person.email}.`);
    await ownerPage.getByRole('listitem').filter({ hasText: person.email }).getByRole('button', { name: 'Retirar' }).waitFor();

    const invitation = await mail.waitFor(person.email, /le invita al equipo/);
    const link = new URL(invitation.text.match(/https?:\/\/\S+\/equipo\/invitacion\/[A-Za-z0-9_-]+/)?.[0] ?? '');
    const page = await (await visitor()).newPage();
    await page.goto(link.pathname);
    await page.getByText(`Invitación para ${person.email} como ${roleName}.`, { exact: false }).waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill(person.firstName);
    await page.getByLabel('Apellidos', { exact: true }).fill(person.lastName);
    await page.getByLabel('Teléfono', { exact: true }).fill(person.phone);
    await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Configura la verificación en dos pasos' }).waitFor();
    await completeTwoFactorSetUp(page, person);
    return page;
  }

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), launchBrowser()]);
    createAdmin(server.dataDir);
    const owner = await visitor();
    await signIn(owner, sampleAdmin);
    ownerPage = await owner.newPage();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('the owner invites a lawyer, who sets a password and the second factor and sees only what a lawyer may', async () => {
    lawyerPage = await join(lawyer, 'lawyer', 'Abogado/a');
    await expectHealthyPage(ownerPage);

    // A lawyer's tabs: the cases, deadlines and consultations, not the money, the prices, the staff or the log.
    await lawyerPage.getByRole('tab', { name: /Expedientes/ }).waitFor();
    await lawyerPage.getByRole('tab', { name: /Plazos/ }).waitFor();
    for (const tab of ['Pagos', 'Servicios', 'Equipo', 'Auditoría', 'Correos']) expect(await lawyerPage.getByRole('tab', { name: new RegExp(`^${tab}`) }).count(), tab).toBe(0);
    await expectHealthyPage(lawyerPage);
    // The server is the gate: what the tabs hide it refuses.
    for (const url of ['/api/admin/payments', '/api/admin/staff', '/api/admin/services']) expect((await lawyerPage.request.get(url)).status(), url).toBe(403);
    expect((await lawyerPage.request.get('/api/admin/cases')).status()).toBe(200);

    // The owner sees the lawyer in the team, with the second factor set up.
    await ownerPage.reload();
    await ownerPage.getByRole('combobox', { name: `Rol de ${lawyer.firstName} ${lawyer.lastName}` }).waitFor();
  });

  it('gives the case to the lawyer, who writes a private note to the owner the client never sees; the translator is kept out of the case and finds the translation request given to them', async () => {
    await createClient(server.url, mail, { paid: ['arraigo'] });
    const client = await (await visitor()).newPage();
    await signIn(client.context(), sampleClient);
    await client.goto('/panel');
    const passportItem = client.getByRole('region', { name: 'Lo que necesitamos de ti' }).getByRole('listitem').filter({ has: client.getByRole('heading', { name: 'Pasaporte completo' }) });
    await passportItem.getByLabel('Subir archivo para «Pasaporte completo»').setInputFiles({ name: 'pasaporte.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf() });
    await expectToast(client, 'Archivo recibido: lo revisaremos pronto.');

    // The owner gives the case to the lawyer, who is mailed.
    await ownerPage.goto('/admin/expedientes/EXP-001');
    await ownerPage.getByLabel('Quién lleva el expediente').selectOption({ label: `${lawyer.firstName} ${lawyer.lastName}` });
    await expectToast(ownerPage, 'Asignación guardada.');
    await mail.waitFor(lawyer.email, /le ha asignado el expediente EXP-001/);

    // The lawyer's "Hoy" lists the client's upload for review; one click opens the case.
    await lawyerPage.goto('/admin');
    const toReview = lawyerPage.getByRole('region', { name: /^Documentos por revisar/ }).getByRole('link', { name: /Pasaporte completo/ });
    await toReview.waitFor();
    await expectHealthyPage(lawyerPage);
    await toReview.click();
    await lawyerPage.waitForURL('**/admin/expedientes/EXP-001');

    // The lawyer writes a private note that names the owner, who is mailed; the note stays in the back office.
    await lawyerPage.getByLabel('Nueva nota interna').fill(note);
    await lawyerPage.getByRole('button', { name: 'Guardar nota' }).click();
    await expectToast(lawyerPage, 'Nota guardada.');
    await lawyerPage.getByText(`Avisados: ${sampleAdmin.firstName} ${sampleAdmin.lastName}`).waitFor();
    await expectHealthyPage(lawyerPage);
    const mention = await mail.waitFor(sampleAdmin.email, /le menciona en una nota interna sobre el expediente EXP-001/);
    expect(mention.text).not.toContain('caduca en marzo');

    // The client's panel names the lawyer, and shows nothing of the note.
    await client.reload();
    await client.getByText(`Quien lleva tu expediente: ${lawyer.firstName} ${lawyer.lastName}`).waitFor();
    expect(await client.content()).not.toContain('caduca en marzo');
    expect((await client.request.get('/api/cases')).status()).toBe(200);

    // A translator's role does not reach the case: the server refuses it, whatever the page shows.
    const translatorPage = await join(translator, 'translator', 'Traductor/a');
    for (const url of ['/api/admin/cases', '/api/admin/cases/1', '/api/admin/cases/1/notes']) expect((await translatorPage.request.get(url)).status(), url).toBe(403);
    await translatorPage.goto('/admin/expedientes/EXP-001');
    await translatorPage.getByRole('alert').waitFor();
    expect(await translatorPage.content()).not.toContain('caduca en marzo');

    // A visitor asks for a sworn translation; the owner gives it to the translator, who finds it among theirs.
    const asker = await (await visitor()).newPage();
    await asker.goto('/traducciones/presupuesto');
    await asker.getByLabel('Nombre y apellidos').fill('Karim Benali');
    await asker.getByLabel('Teléfono (WhatsApp)').fill('+212612345678');
    await asker.getByLabel('Email').fill('karim@example.com');
    await asker.getByLabel('Idioma de origen').selectOption('fr');
    await asker.getByLabel('Idioma de destino').selectOption('es');
    await asker.getByLabel('Documentos').setInputFiles({ name: 'acta.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf() });
    await asker.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await asker.getByRole('button', { name: 'Solicitar presupuesto' }).click();
    await expectToast(asker, 'Solicitud enviada');

    await ownerPage.goto('/admin?tab=traducciones');
    await ownerPage.getByLabel('Quién lo lleva (Karim Benali)').selectOption({ label: `${translator.firstName} ${translator.lastName}` });
    await expectToast(ownerPage, 'Asignación guardada.');
    await mail.waitFor(translator.email, /le ha asignado la solicitud de traducción de Karim Benali/);
    await translatorPage.goto('/admin?tab=traducciones');
    await translatorPage.getByLabel('Mostrar').selectOption({ label: 'Lo mío' });
    await translatorPage.getByRole('row', { name: /Karim Benali/ }).waitFor();
    await expectHealthyPage(translatorPage);
  });
});
