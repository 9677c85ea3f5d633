import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmDay } from '#common/dates.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

describe('an appointment with the administration on a case', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-official-appointments-');
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

  it('the firm sets the fingerprint appointment on the case’s page; the client gets the invitation and sees it in the panel with what to bring', async () => {
    const day = firmDay(new Date(Date.now() + 20 * 24 * 60 * 60 * 1000));
    const adminContext = await newVisitor(browser, server.url, consented);
    await signIn(adminContext, sampleAdmin);
    const page = await adminContext.newPage();
    await page.goto('/admin/expedientes/EXP-001');
    const section = page.getByRole('region', { name: 'Citas con la administración' });
    await section.getByText('Este expediente no tiene citas con la administración.').waitFor();
    expect(await section.getByLabel(/Qué debe llevar el cliente/).inputValue()).toContain('tasa 790, código 012');
    await section.getByLabel(/^Día/).fill(day);
    await section.getByLabel(/^Hora/).fill('09:30');
    await section.getByLabel(/^Oficina de la cita/).fill('Comisaría de Elche, extranjería');
    await section.getByLabel(/Dirección de la oficina/).fill('Avinguda de la Llibertat 26, Elche');
    await section.getByLabel(/Número de cita/).fill('CITA-48213');
    await expectHealthyPage(page);
    await section.getByRole('button', { name: 'Guardar cita' }).click();
    await expectToast(page, 'Cita guardada: se lo hemos enviado al cliente');
    await section.getByRole('heading', { name: /Toma de huellas para la TIE/ }).waitFor();
    await expectHealthyPage(page);
    await adminContext.close();

    const invitation = await mail.waitFor(sampleClient.email, /Tu cita: Toma de huellas para la TIE/);
    expect(invitation.text).toContain('Número de cita: CITA-48213.');
    expect(invitation.attachments.some((file) => file.mimeType.startsWith('text/calendar'))).toBe(true);

    const clientContext = await newVisitor(browser, server.url, consented);
    await signIn(clientContext, sampleClient);
    const panel = await clientContext.newPage();
    await panel.goto('/panel');
    const appointments = panel.getByRole('region', { name: 'Tus citas con la administración' });
    await appointments.getByRole('heading', { name: /EXP-001 · Toma de huellas para la TIE/ }).waitFor();
    expect(await appointments.textContent()).toContain('Comisaría de Elche, extranjería, Avinguda de la Llibertat 26, Elche');
    await appointments.getByText('El justificante de pago de la tasa 790, código 012.', { exact: true }).waitFor();
    await expectHealthyPage(panel);
    await clientContext.close();
  });
});
