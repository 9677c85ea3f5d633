import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('the questionnaire of a case: the client fills it in, the firm reviews it and downloads the data sheet', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-questionnaires-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    // The client's paid Arraigo opens EXP-001, whose procedure (arraigo social) has the EX-10 questionnaire.
    await createClient(server.url, mail, { paid: ['arraigo'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('the client fills in the arraigo questionnaire in French on a phone; the firm corrects it, marks it reviewed and downloads the data sheet in Spanish', async () => {
    const clientContext = await newVisitor(browser, server.url, consented, phone);
    await signIn(clientContext, sampleClient);
    const panel = await clientContext.newPage();
    await panel.goto('/fr/panel');
    const questionnaire = panel.getByRole('region', { name: 'Questionnaire' });
    await questionnaire.getByRole('button', { name: 'Remplir le questionnaire' }).click();
    // What the profile knows is already there.
    expect(await questionnaire.getByLabel('Prénom', { exact: true }).inputValue()).toBe(sampleClient.firstName);
    expect(await questionnaire.getByLabel('Premier nom de famille', { exact: true }).inputValue()).toBe(sampleClient.lastName);
    expect(await questionnaire.getByLabel('NIE (si vous en avez un)', { exact: true }).inputValue()).toBe('X1234567L');

    await questionnaire.getByLabel('Numéro de passeport', { exact: true }).fill('XK7654321');
    // A draft may stop anywhere: a new version, the required boxes still empty.
    await questionnaire.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await expectToast(panel, 'Brouillon enregistré (version 1).');

    await questionnaire.getByLabel('Sexe', { exact: true }).selectOption({ label: 'Femme' });
    await questionnaire.getByLabel('Date de naissance', { exact: true }).fill('1991-04-17');
    await questionnaire.getByLabel('Lieu de naissance', { exact: true }).fill('Kankan');
    await questionnaire.getByLabel('Pays de naissance', { exact: true }).selectOption({ label: 'Guinée' });
    await questionnaire.getByLabel('Nationalité', { exact: true }).selectOption({ label: 'Guinée' });
    await questionnaire.getByLabel('Nom du père', { exact: true }).fill('Mamadou Diallo');
    await questionnaire.getByLabel('Nom de la mère', { exact: true }).fill('Fatoumata Keita');
    await questionnaire.getByLabel('État civil', { exact: true }).selectOption({ label: 'Marié(e)' });
    await questionnaire.getByLabel('Rue, numéro et étage', { exact: true }).fill('Calle Mayor 2, 1º A');
    await questionnaire.getByLabel('Localité', { exact: true }).fill('Elche');
    await questionnaire.getByLabel('Code postal', { exact: true }).fill('03202');
    await questionnaire.getByLabel('Province', { exact: true }).fill('Alicante');
    await questionnaire.getByRole('button', { name: 'Ajouter (Entrées en Espagne)' }).click();
    await questionnaire.getByLabel('Date d’entrée', { exact: true }).fill('2022-09-03');
    await questionnaire.getByLabel('Lieu d’entrée (aéroport, port, frontière)', { exact: true }).fill('Aeropuerto de Madrid-Barajas');
    await expectHealthyPage(panel);
    await questionnaire.getByRole('button', { name: 'Envoyer au cabinet' }).click();
    await expectToast(panel, 'Questionnaire envoyé (version 2). Le cabinet va le vérifier.');
    await questionnaire.getByText('Version 2\u202f: Envoyé').waitFor();
    await clientContext.close();

    const adminContext = await newVisitor(browser, server.url, consented, phone);
    await signIn(adminContext, sampleAdmin);
    const page = await adminContext.newPage();
    await page.goto('/admin/expedientes/EXP-001');
    const section = page.getByRole('region', { name: 'Cuestionario' });
    await section.getByText(/EX-10 · Versión 2 · Enviado · el cliente/).waitFor();
    await section.getByText('Kankan').waitFor();
    await section.getByRole('button', { name: 'Corregir' }).click();
    await section.getByLabel('Lugar de nacimiento', { exact: true }).fill('Kankan, Alta Guinea');
    await section.getByRole('button', { name: 'Guardar la corrección' }).click();
    await section.getByText(/EX-10 · Versión 3 · Corregido por el despacho · Marta Ruiz/).waitFor();
    await section.getByRole('button', { name: 'Marcar como revisado' }).click();
    await section.getByText(/EX-10 · Versión 4 · Revisado · Marta Ruiz/).waitFor();
    await expectHealthyPage(page);

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Descargar la hoja de datos (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe('hoja-de-datos-EXP-001.pdf');
    const sheet = await pdfText(fs.readFileSync((await download.path()) ?? ''));
    for (const text of ['Datos para el formulario EX-10', '1) DATOS DEL EXTRANJERO/A', 'XK7654321', 'Mujer', '17/04/1991', 'Kankan, Alta Guinea', 'Guinea', 'Casado/a', '03/09/2022', 'Tasa modelo 790 · código 052']) {
      expect(sheet).toContain(text);
    }
    await adminContext.close();
  });
});
