import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

describe('deadlines on a case', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-deadlines-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    // The client's paid Arraigo opens EXP-001.
    await createClient(server.url, mail, { paid: ['arraigo'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('the admin records a requerimiento with its computed due date, then another on the case\'s page, and the client sees it in the panel', async () => {
    const adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    const page = await adminContext.newPage();
    await page.goto('/admin?tab=plazos');
    const panel = page.getByRole('tabpanel', { name: 'Plazos' });
    await panel.getByLabel('Expediente').fill('EXP-001');
    await panel.getByLabel('Tipo de plazo').selectOption('requerimiento');
    // Notified on Friday 4 December 2026: 10 working days without the Inmaculada (Tuesday 8).
    await panel.getByLabel('Fecha de notificación').fill('2026-12-04');
    await panel.getByText('Vence el 21 de diciembre de 2026').waitFor();
    await expectHealthyPage(page);
    await panel.getByRole('button', { name: 'Guardar plazo' }).click();
    await expectToast(page, 'Plazo guardado');
    const row = panel.getByRole('row').filter({ hasText: 'EXP-001' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Requerimiento');
    expect(await row.textContent()).toContain('Amina Diallo');
    await expect(panel.getByRole('heading', { name: 'Festivos' }).isVisible()).resolves.toBe(true);
    await expectHealthyPage(page);

    // The case's page lists its deadlines and records one on it.
    await page.goto('/admin/expedientes/EXP-001');
    const casePanel = page.getByRole('region', { name: 'Plazos del expediente' });
    await casePanel.getByRole('row').filter({ hasText: 'Requerimiento' }).waitFor();
    await casePanel.getByLabel('Tipo de plazo').selectOption('appeal');
    // Notified on Tuesday 15 December 2026: one month, Friday 15 January 2027.
    await casePanel.getByLabel('Fecha de notificación').fill('2026-12-15');
    await casePanel.getByText('Vence el 15 de enero de 2027').waitFor();
    await expectHealthyPage(page);
    await casePanel.getByRole('button', { name: 'Guardar plazo' }).click();
    await expectToast(page, 'Plazo guardado');
    const appeal = casePanel.getByRole('row').filter({ hasText: 'Recurso de reposición' });
    await appeal.waitFor();
    await casePanel.getByRole('button', { name: 'Marcar como hecho el plazo «Recurso de reposición» que vence el 15 de enero de 2027' }).click();
    await expectToast(page, 'Plazo marcado como hecho');
    await appeal.getByText('Hecho el').waitFor();
    await expectHealthyPage(page);
    await adminContext.close();

    const clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    const panelPage = await clientContext.newPage();
    await panelPage.goto('/panel');
    const deadlines = panelPage.getByRole('region', { name: 'Tus plazos' });
    await deadlines.getByText('Vence el 21 de diciembre de 2026').waitFor();
    expect(await deadlines.textContent()).toContain('EXP-001 · Requerimiento');
    await expectHealthyPage(panelPage);
    await clientContext.close();
    // Two pages of the back office and the panel, each checked by axe: over 60 s on a loaded machine.
  }, 120_000);

  it('an electronic notification recorded unopened, then marked opened: the deadline moves, and the firm and the client see both days and why', async () => {
    const adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    const page = await adminContext.newPage();
    await page.goto('/admin/expedientes/EXP-001');
    const casePanel = page.getByRole('region', { name: 'Plazos del expediente' });
    // An electronic notification made available on Monday 16 November 2026, not opened: notified
    // on the 26th (art. 43.2), due 11 December; opened on the 18th after all: due 2 December.
    await casePanel.getByLabel('Tipo de plazo').selectOption('requerimiento');
    await casePanel.getByRole('checkbox', { name: /Notificación electrónica/ }).check();
    await casePanel.getByLabel('Puesta a disposición el').fill('2026-11-16');
    await casePanel.getByText('Se entiende notificada el 26 de noviembre de 2026.').waitFor();
    await casePanel.getByText('Vence el 11 de diciembre de 2026').waitFor();
    await expectHealthyPage(page);
    await casePanel.getByRole('button', { name: 'Guardar plazo' }).click();
    await expectToast(page, 'Plazo guardado');
    const notice = casePanel.getByRole('row').filter({ hasText: 'no abierta: se entiende notificada el 26 de noviembre de 2026' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Marcar como abierta' }).click();
    await notice.getByLabel(/Día en que se abrió la notificación/).fill('2026-11-18');
    await notice.getByRole('button', { name: 'Guardar apertura' }).click();
    await expectToast(page, 'Apertura guardada: el plazo cuenta desde el día legal de notificación');
    const opened = casePanel.getByRole('row').filter({ hasText: 'abierta el 18 de noviembre de 2026: notificada ese día.' });
    await opened.getByText('2 de diciembre de 2026').waitFor();
    await expectHealthyPage(page);
    await adminContext.close();

    const clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    const panelPage = await clientContext.newPage();
    await panelPage.goto('/panel');
    const deadlines = panelPage.getByRole('region', { name: 'Tus plazos' });
    await deadlines.getByText('Puesta a disposición el 16 de noviembre de 2026; abierta el 18 de noviembre de 2026: notificada ese día.').waitFor();
    await expectHealthyPage(panelPage);
    await clientContext.close();
  }, 120_000);
});
