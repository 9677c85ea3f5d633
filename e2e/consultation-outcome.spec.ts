import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

const outcome = 'Su situación encaja en el arraigo social. Reúna el certificado de empadronamiento histórico y el contrato de trabajo firmado.';

describe('the outcome of a consultation: the firm completes it with a note and a recommended case, the client reads it and goes to hire the case', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-outcome-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: 'despacho@example.com' } }), launchBrowser()]);
    await createClient(server.url, mail, { paid: ['express', 'scheduled'] });
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

  it('gives the booked video consultation its call link, which mails the client the updated invitation', async () => {
    await admin.goto('/admin?tab=consultas');
    const panel = admin.getByRole('tabpanel', { name: 'Consultas' });
    await panel.getByRole('button', { name: 'Enlace de la videollamada con Amina Diallo' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Enlace de la videollamada' });
    await expectHealthyPage(admin);

    await dialog.getByLabel('Enlace').fill('http://meet.example.com/amina');
    await dialog.getByRole('button', { name: 'Guardar y enviar' }).click();
    await dialog.getByText('Introduce un enlace que empiece por https://.').waitFor();
    await dialog.getByLabel('Enlace').fill('https://meet.example.com/amina-diallo');
    await dialog.getByRole('button', { name: 'Guardar y enviar' }).click();
    await expectToast(admin, 'Enlace enviado al cliente');

    const invitation = await mail.waitFor(sampleClient.email, /^Enlace de la videollamada de tu consulta/);
    expect(invitation.text).toContain('Será por videollamada, en este enlace: https://meet.example.com/amina-diallo');
    const ics = invitation.attachments.find((file) => file.mimeType === 'text/calendar')?.content.toString('utf8').replace(/\r?\n /g, '') ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('LOCATION:https://meet.example.com/amina-diallo');
  });

  it('asks the firm for the outcome note before completing, and takes the recommended case', async () => {
    await admin.goto('/admin?tab=consultas');
    const panel = admin.getByRole('tabpanel', { name: 'Consultas' });
    // The express consultation: pending, and no video call.
    const row = panel
      .getByRole('row', { name: /Amina Diallo/ })
      .filter({ has: admin.getByRole('button', { name: /Marcar como completada/ }) })
      .filter({ hasNot: admin.getByRole('button', { name: /Enlace de la videollamada/ }) });
    await row.waitFor();
    expect(await panel.getByRole('button', { name: /Marcar como completada/ }).count()).toBe(2);
    await row.getByRole('button', { name: 'Marcar como completada la consulta de Amina Diallo' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Completar la consulta' });
    await dialog.getByText('Lo que escribas aquí lo verá Amina Diallo en su panel').waitFor();
    await dialog.getByRole('option', { name: 'Arraigo' }).waitFor({ state: 'attached' });
    await expectHealthyPage(admin);

    await dialog.getByRole('button', { name: 'Completar y avisar al cliente' }).click();
    await dialog.getByText('Este campo es obligatorio').waitFor();

    await dialog.getByLabel('Resultado de la consulta').fill(outcome);
    await dialog.getByText(`Breve y claro: ${outcome.length} de 2000 caracteres.`).waitFor();
    await dialog.getByLabel('Trámite recomendado (opcional)').selectOption({ label: 'Arraigo' });
    await dialog.getByRole('button', { name: 'Completar y avisar al cliente' }).click();
    await expectToast(admin, 'Consulta completada');
    await dialog.waitFor({ state: 'detached' });
    // The express consultation is done; the scheduled one stays pending, with its video link.
    await panel.getByRole('row', { name: /Amina Diallo/ }).getByText('Completada', { exact: true }).first().waitFor();
    expect(await panel.getByRole('button', { name: /Marcar como completada/ }).count()).toBe(1);
    await panel.getByRole('button', { name: 'Enlace de la videollamada con Amina Diallo' }).waitFor();

    const mailed = await mail.waitFor(sampleClient.email, /nuestra valoración/);
    expect(mailed.text).toContain('Tienes nuestra valoración en tu panel.');
    expect(mailed.text).toContain(`${server.url}/iniciar-tramite?servicio=arraigo`);
  });

  it('shows the client the note in the panel, with the link to start the recommended case with the fee credited', async () => {
    await client.goto('/panel');
    await client.getByRole('tab', { name: 'Consultas' }).click();
    const consultations = client.getByRole('tabpanel', { name: 'Consultas' });
    await consultations.getByText(outcome).waitFor();
    await consultations.getByText('Completada').first().waitFor();
    await expectHealthyPage(client);

    await consultations.getByRole('link', { name: 'Contratar el trámite recomendado: Arraigo' }).click();
    await client.waitForURL((url) => url.pathname === '/iniciar-tramite' && url.searchParams.get('servicio') === 'arraigo');
    await client.getByRole('heading', { name: 'Arraigo', level: 2 }).waitFor();
    await client.getByText('Descuento por tu consulta ya pagada').waitFor();
    await expectHealthyPage(client);
  });
});
