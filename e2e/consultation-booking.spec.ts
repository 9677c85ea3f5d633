import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAdminDateTime } from '#common/dates.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';
import { acceptEngagementLetter } from './support/engagement.ts';

const firmInbox = 'despacho@example.com';
const madridTime = (iso: string) => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Madrid' }).format(new Date(iso));
const bogotaTime = (iso: string) => new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Bogota' }).format(new Date(iso));

/**
 * A client in Bogotá books the scheduled consultation on a free slot, pays it, finds the appointment
 * in the panel and in the mail with its invitation, moves it, and the firm sees the new time. The
 * firm's hours are FIRM_HOURS (Monday to Friday); the last day of the picker's two weeks is always
 * more than a day away, so the appointment can be moved whatever today is.
 */
describe('booking the scheduled consultation: slot, payment, panel, mail, reschedule, and the firm sees it', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  let clientContext: BrowserContext;
  let adminContext: BrowserContext;
  let client: Page;
  let admin: Page;
  let booked = '';
  let moved = '';

  /** Chooses with the keyboard, as the radio group lets one: focus a radio, then Space. */
  async function choose(radio: Locator) {
    await radio.focus();
    await radio.press('Space');
    expect(await radio.isChecked()).toBe(true);
  }

  const appointment = () => client.getByRole('tabpanel', { name: 'Consultas' }).getByRole('region', { name: 'Tu cita' });

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-booking-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url, FIRM_EMAIL: firmInbox } }), launchBrowser()]);
    await createClient(server.url, mail);
    clientContext = await newVisitor(browser, server.url, consented, { timezoneId: 'America/Bogota' });
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

  it('picks a day, a time (in Madrid and in Bogotá) and the way to meet, then pays on the test provider', async () => {
    await client.goto('/servicios#consultas');
    const scheduled = client.getByRole('article').filter({ has: client.getByRole('heading', { name: 'Consulta programada' }) });
    await scheduled.getByRole('button', { name: 'Reservar consulta' }).click();

    const dialog = client.getByRole('dialog', { name: 'Reserva tu consulta' });
    await dialog.getByText('Horas de Madrid (España).').waitFor();
    const continueButton = dialog.getByRole('button', { name: 'Continuar al pago' });
    expect(await continueButton.isDisabled()).toBe(true);
    await choose(dialog.getByRole('group', { name: 'Día' }).getByRole('radio').last());
    const time = dialog.getByRole('group', { name: 'Hora' }).getByRole('radio').first();
    booked = (await time.getAttribute('value')) ?? '';
    await dialog.getByText(`${bogotaTime(booked)} en tu hora (America/Bogota)`).first().waitFor();
    await choose(time);
    await choose(dialog.getByRole('radio', { name: 'Videollamada' }));
    await expectHealthyPage(client);
    await continueButton.click();
    await acceptEngagementLetter(client);

    await client.waitForURL('**/checkout?session=*');
    await client.getByRole('button', { name: 'Pagar' }).click();
    await client.waitForURL('**/pago?payment=success&kind=consultation&service=scheduled');
    await client.getByRole('link', { name: 'Ir a mi panel' }).click();
    await client.waitForURL((url) => url.pathname === '/panel');
  });

  it('shows the appointment in the panel, and mails it with its calendar invitation', async () => {
    const region = appointment();
    await region.getByText(`${madridTime(booked)} (hora de Madrid)`).waitFor();
    await region.getByText(`${bogotaTime(booked)} en tu hora (America/Bogota)`).waitFor();
    await region.getByText('Videollamada', { exact: true }).waitFor();
    await region.getByText('Te enviaremos el enlace de la videollamada antes de la cita.').waitFor();
    await region.getByRole('button', { name: 'Cancelar la cita' }).waitFor();
    await expectHealthyPage(client);

    const invitation = await mail.waitFor(sampleClient.email, /^Tu consulta: /);
    const ics = invitation.attachments.find((file) => file.mimeType === 'text/calendar');
    expect(ics?.content.toString()).toContain(`DTSTART:${booked.replace(/[-:]/g, '').replace('.000', '')}`);
    await mail.waitFor(firmInbox, /^Nueva cita: Amina Diallo/);
  });

  it('moves the appointment to another free time of the same day', async () => {
    await appointment().getByRole('button', { name: 'Cambiar la hora' }).click();
    const dialog = client.getByRole('dialog', { name: 'Cambiar la hora de tu cita' });
    await choose(dialog.getByRole('group', { name: 'Día' }).getByRole('radio').last());
    const time = dialog.getByRole('group', { name: 'Hora' }).getByRole('radio').last();
    moved = (await time.getAttribute('value')) ?? '';
    expect(moved).not.toBe(booked);
    await choose(time);
    await expectHealthyPage(client);
    await dialog.getByRole('button', { name: 'Confirmar el cambio' }).click();
    await expectToast(client, 'Cita cambiada');
    await appointment().getByText(`${madridTime(moved)} (hora de Madrid)`).waitFor();
    await mail.waitFor(sampleClient.email, new RegExp(`^Nueva hora de tu consulta: .*${madridTime(moved)}$`));
  });

  it('shows the firm the new time in the Consultas tab', async () => {
    await admin.goto('/admin?tab=consultas');
    const row = admin.getByRole('tabpanel', { name: 'Consultas' }).getByRole('row', { name: /Amina Diallo/ }).first();
    await row.getByText(formatAdminDateTime(moved, 'es')).waitFor();
    await expectHealthyPage(admin);
  });

  it('lets the firm move it to a time of its choosing, outside the hours, and mails the client', async () => {
    const row = admin.getByRole('tabpanel', { name: 'Consultas' }).getByRole('row', { name: /Amina Diallo/ }).first();
    await row.getByRole('button', { name: 'Fijar o cambiar la cita de Amina Diallo' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cita de la consulta' });
    await dialog.getByText(`Cita actual: ${formatAdminDateTime(moved, 'es')}`).waitFor();
    await dialog.getByRole('group', { name: 'Día' }).waitFor();
    await expectHealthyPage(admin);
    await dialog.getByRole('radio', { name: 'Otra hora' }).check();
    // 20:00 in Madrid on the same day: the firm is closed then, but may choose it.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(moved));
    await dialog.getByLabel('Fecha y hora (Madrid)').fill(`${day}T20:00`);
    await dialog.getByRole('radio', { name: 'Teléfono' }).check();
    await dialog.getByRole('button', { name: 'Guardar la cita' }).click();
    await expectToast(admin, 'Estado actualizado');
    await mail.waitFor(sampleClient.email, /^Nueva hora de tu consulta: .*20:00$/);

    await client.goto('/panel');
    await client.getByRole('tab', { name: 'Consultas' }).click();
    await appointment().getByText('20:00 (hora de Madrid)').waitFor();
    await appointment().getByText('Teléfono', { exact: true }).waitFor();
  });
});
