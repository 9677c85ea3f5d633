import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultations, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAppointmentMails, type AppointmentMails } from './appointment.mails.ts';

/** The content lines of an invitation with its folds undone, as a calendar reads them. */
function icsLines(content: Buffer): string[] {
  return content.toString('utf8').replace(/\r?\n /g, '').split(/\r?\n/);
}

function invitationOf(mail: { attachments: Array<{ filename: string | null; mimeType: string; content: Buffer }> }) {
  const attachment = mail.attachments.find((file) => file.mimeType === 'text/calendar');
  if (!attachment) throw new Error('no calendar invitation attached');
  return { filename: attachment.filename, lines: icsLines(attachment.content) };
}

const field = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);

describe('appointment mails', () => {
  let t: TestApp;
  let capture: MailCapture;
  let mails: AppointmentMails;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({
      env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', FIRM_ADDRESS: 'Calle Mayor 1, 03202 Elche', APP_URL: 'https://asesoria.example' },
    });
    mails = createAppointmentMails(t.app.config, t.app.outbox);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  async function appointment(client: TestAccount, values: Partial<typeof consultations.$inferInsert>) {
    const [row] = await t.database.db
      .insert(consultations)
      .values({ userId: client.user.id, consultationType: 'scheduled', details: { service_id: 'scheduled' }, ...values })
      .returning();
    if (!row) throw new Error('no consultation');
    return row.id;
  }

  it('sends the booked invitation to the client in their language and to the firm in Spanish, with the office as the place', async () => {
    const client = await createAccount(t, { firstName: 'Sophie', lastName: 'Martin' });
    await t.database.db.update(users).set({ language: 'fr', phone: '+33612345678' }).where(eq(users.id, client.user.id));
    const id = await appointment(client, { scheduledAt: new Date('2026-11-25T09:30:00Z'), meetingMode: 'office' });

    await t.database.db.transaction((tx) => mails.booked(tx, id));

    const toClient = await capture.waitFor(client.user.email);
    expect(toClient.subject).toBe('Votre consultation\u00a0: mercredi 25 novembre 2026, 10:30');
    expect(toClient.text).toContain('Nous vous attendons à notre bureau\u00a0: Calle Mayor 1, 03202 Elche.');
    const clientInvitation = invitationOf(toClient);
    expect(clientInvitation.filename).toBe('consultation.ics');
    expect(field(clientInvitation.lines, 'METHOD')).toBe('REQUEST');
    expect(field(clientInvitation.lines, 'UID')).toBe(`consultation-${id}@asesoria.example`);
    expect(field(clientInvitation.lines, 'DTSTART')).toBe('20261125T093000Z');
    expect(field(clientInvitation.lines, 'DTEND')).toBe('20261125T101500Z');
    expect(field(clientInvitation.lines, 'LOCATION')).toBe('Calle Mayor 1\\, 03202 Elche');
    expect(field(clientInvitation.lines, 'SUMMARY')).toBe('Consultation avec Asesoría Elche');

    const toFirm = await capture.waitFor('despacho@example.com', /Nueva cita: Sophie Martin/);
    expect(toFirm.subject).toBe('Nueva cita: Sophie Martin, miércoles, 25 de noviembre de 2026, 10:30');
    expect(toFirm.text).toContain(`Email: ${client.user.email} · Teléfono: +33612345678`);
    const firmInvitation = invitationOf(toFirm);
    expect(field(firmInvitation.lines, 'UID')).toBe(`consultation-${id}@asesoria.example`);
    expect(field(firmInvitation.lines, 'SUMMARY')).toBe('Consulta: Sophie Martin');
  });

  it('puts the video link, or the phone, as the place', async () => {
    const client = await createAccount(t, { firstName: 'Luis' });
    await t.database.db.update(users).set({ phone: '+34611222333' }).where(eq(users.id, client.user.id));
    const video = await appointment(client, { scheduledAt: new Date('2026-12-01T10:00:00Z'), meetingMode: 'video', videoUrl: 'https://meet.example.com/abc-def' });
    const phone = await appointment(client, { scheduledAt: new Date('2026-12-02T10:00:00Z'), meetingMode: 'phone' });

    await t.database.db.transaction((tx) => mails.booked(tx, video));
    const videoMail = await capture.waitFor(client.user.email, /1 de diciembre/);
    expect(videoMail.text).toContain('Será por videollamada, en este enlace: https://meet.example.com/abc-def');
    const videoLines = invitationOf(videoMail).lines;
    expect(field(videoLines, 'LOCATION')).toBe('https://meet.example.com/abc-def');
    expect(field(videoLines, 'URL')).toBe('https://meet.example.com/abc-def');

    await t.database.db.transaction((tx) => mails.booked(tx, phone));
    const phoneMail = await capture.waitFor(client.user.email, /2 de diciembre/);
    expect(phoneMail.text).toContain('Te llamaremos al +34611222333.');
    expect(field(invitationOf(phoneMail).lines, 'LOCATION')).toBe('Llamada telefónica');
  });

  it('sends a rescheduled request with a higher sequence and the cancellation of the same event', async () => {
    const client = await createAccount(t, { firstName: 'Marta' });
    const id = await appointment(client, {
      scheduledAt: new Date('2026-12-03T09:00:00Z'),
      meetingMode: 'office',
      reminderSentAt: new Date(),
      createdAt: new Date(Date.now() - 60_000),
    });
    await t.database.db.transaction((tx) => mails.booked(tx, id));
    const booked = field(invitationOf(await capture.waitFor(client.user.email, /^Tu consulta:/)).lines, 'SEQUENCE');

    await t.database.db.update(consultations).set({ scheduledAt: new Date('2026-12-04T11:15:00Z') }).where(eq(consultations.id, id));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.database.db.transaction((tx) => mails.rescheduled(tx, id));
    const moved = await capture.waitFor(client.user.email, /^Nueva hora de tu consulta/);
    expect(moved.subject).toBe('Nueva hora de tu consulta: viernes, 4 de diciembre de 2026, 12:15');
    const movedLines = invitationOf(moved).lines;
    expect(field(movedLines, 'DTSTART')).toBe('20261204T111500Z');
    expect(Number(field(movedLines, 'SEQUENCE'))).toBeGreaterThan(Number(booked));
    const [row] = await t.database.db.select().from(consultations).where(eq(consultations.id, id));
    expect(row?.reminderSentAt).toBeNull();
    await capture.waitFor('despacho@example.com', /^Cita movida: Marta/);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.database.db.update(consultations).set({ status: 'cancelada', cancelledAt: new Date() }).where(eq(consultations.id, id));
    await t.database.db.transaction((tx) => mails.cancelled(tx, id));
    const cancelled = await capture.waitFor(client.user.email, /^Consulta cancelada/);
    const cancelLines = invitationOf(cancelled).lines;
    expect(field(cancelLines, 'METHOD')).toBe('CANCEL');
    expect(field(cancelLines, 'STATUS')).toBe('CANCELLED');
    expect(field(cancelLines, 'UID')).toBe(`consultation-${id}@asesoria.example`);
    expect(Number(field(cancelLines, 'SEQUENCE'))).toBeGreaterThan(Number(field(movedLines, 'SEQUENCE')));
    await capture.waitFor('despacho@example.com', /^Cita cancelada: Marta/);
  });
});
