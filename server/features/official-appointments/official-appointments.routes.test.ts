import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

type Appointment = { id: string; caseId: number; kind: string; startsAt: string; office: string; officeAddress: string; reference: string | null; whatToBring: string };

describe('appointments with the administration: recorded on the case, mailed with the invitation, reminded 3 days and 1 day before', () => {
  /** The worker's clock: 09:00 in Elche on Monday 30 November 2026, moved by the tests. */
  let now = new Date('2026-11-30T08:00:00Z');
  let t: TestApp;
  let capture: MailCapture;
  let lawyer: TestAccount;
  let client: TestAccount;
  let other: TestAccount;
  let caseId: number;
  let otherCaseId: number;

  const fingerprints = {
    kind: 'fingerprints',
    day: '2026-12-10',
    time: '09:30',
    office: 'Comisaría de Policía de Elche, oficina de extranjería',
    officeAddress: 'Avinguda de la Llibertat 26, 03206 Elche',
    reference: 'CITA-48213',
    whatToBring: 'Votre passeport en cours de validité.\nLa taxe 790, code 012.',
  };
  const as = (account: TestAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
  const mailsTo = (account: TestAccount) => capture.messages.filter((message) => message.to.includes(account.user.email.toLowerCase()));
  const remind = async () => {
    now = new Date(now.getTime() + 2 * hour);
    await t.app.worker.kick();
    await t.app.worker.kick();
  };

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, APP_URL: 'https://asesoria.example' }, worker: { clock: () => now, pollMs: day } });
    lawyer = await createAccount(t, { role: 'admin', firstName: 'Marta' });
    client = await createAccount(t, { firstName: 'Amélie', lastName: 'Martin' });
    other = await createAccount(t, { firstName: 'Otro' });
    // The client reads French: the language their account uses.
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, client.user.id));
    caseId = await createPaidCase(t.app, client, 'arraigo');
    otherCaseId = await createPaidCase(t.app, other, 'arraigo');
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  it('records the appointment on the case, audits it, and mails the client in French with the invitation and what to bring', async () => {
    const form = (await as(lawyer, 'GET', `/api/admin/cases/${caseId}/official-appointments`)).json();
    expect(form.appointments).toEqual([]);
    expect(form.whatToBring.fingerprints).toContain('taxe 790, code 012');

    const created = await as(lawyer, 'POST', `/api/admin/cases/${caseId}/official-appointments`, fingerprints);
    expect(created.statusCode).toBe(201);
    const appointment = created.json<Appointment>();
    // 09:30 in Elche in December is 08:30 UTC.
    expect(appointment).toMatchObject({ caseId, kind: 'fingerprints', startsAt: '2026-12-10T08:30:00.000Z', reference: 'CITA-48213' });

    const mail = await capture.waitFor(client.user.email.toLowerCase(), /Votre rendez-vous/);
    expect(mail.subject).toBe('Votre rendez-vous\u00a0: Prise d’empreintes pour la TIE, le jeudi 10 décembre 2026');
    expect(mail.text).toContain('à 09:30');
    expect(mail.text).toContain('Numéro de rendez-vous\u00a0: CITA-48213.');
    expect(mail.text).toContain('• La taxe 790, code 012.');
    expect(mail.text).toContain('https://asesoria.example/fr/panel?expediente=');
    const invitation = mail.attachments.find((file) => file.mimeType.startsWith('text/calendar'));
    const ics = invitation?.content.toString('utf8').replace(/\r?\n /g, '') ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20261210T083000Z');
    expect(ics).toContain(`UID:official-appointment-${appointment.id}@asesoria.example`);

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'APPOINTMENT_SET'));
    expect(audit.map((entry) => entry.targetId)).toContain(String(caseId));

    const seen = await as(client, 'GET', `/api/cases/${caseId}/official-appointments`);
    expect(seen.json()).toEqual([appointment]);

    // The firm's agenda shows it on its day, leading to the case.
    const agenda = await as(lawyer, 'GET', '/api/admin/agenda?from=2026-12-01&to=2026-12-31');
    expect(agenda.json()).toContainEqual({
      id: `EXP-${String(caseId).padStart(3, '0')}`,
      kind: 'official',
      officialKind: 'fingerprints',
      date: '2026-12-10',
      time: '09:30',
      endTime: null,
      meetingMode: null,
      title: `EXP-${String(caseId).padStart(3, '0')} · Amélie Martin`,
    });
  });

  it('keeps each case’s appointments to its own client and to the staff, and refuses bad input with a translated message', async () => {
    expect((await t.app.inject({ url: `/api/cases/${caseId}/official-appointments` })).statusCode).toBe(401);
    expect((await as(other, 'GET', `/api/cases/${caseId}/official-appointments`)).statusCode).toBe(404);
    expect((await as(client, 'GET', `/api/admin/cases/${caseId}/official-appointments`)).statusCode).toBe(403);
    expect((await as(client, 'POST', `/api/admin/cases/${otherCaseId}/official-appointments`, fingerprints)).statusCode).toBe(403);
    expect((await as(lawyer, 'POST', '/api/admin/cases/999999/official-appointments', fingerprints)).statusCode).toBe(404);

    const past = await as(lawyer, 'POST', `/api/admin/cases/${otherCaseId}/official-appointments`, { ...fingerprints, day: '2026-11-29' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('La cita tiene que ser en una fecha y hora futuras.');
    const malformed = await as(lawyer, 'POST', `/api/admin/cases/${otherCaseId}/official-appointments`, { ...fingerprints, time: '25:00', office: ' ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'time', message: 'Valor no válido.' },
        { path: 'office', message: 'Este campo es obligatorio' },
      ]),
    );
    expect((await as(lawyer, 'GET', `/api/admin/cases/${otherCaseId}/official-appointments`)).json().appointments).toEqual([]);
  });

  it('reminds the client 3 days and 1 day before, each once, and again after the appointment moves', async () => {
    const before = mailsTo(client).length;
    now = new Date('2026-12-07T07:00:00Z');
    await remind();
    await remind();
    expect(mailsTo(client).slice(before).map((mail) => mail.subject)).toEqual(['Rappel\u00a0: Prise d’empreintes pour la TIE, le jeudi 10 décembre 2026 à 09:30']);

    now = new Date('2026-12-09T08:00:00Z');
    await remind();
    await remind();
    expect(mailsTo(client).slice(before)).toHaveLength(2);

    // Moved to the next week: the client is sent the new version, and both reminders come again.
    const [appointment] = (await as(lawyer, 'GET', `/api/admin/cases/${caseId}/official-appointments`)).json().appointments as Appointment[];
    const moved = await as(lawyer, 'PUT', `/api/admin/official-appointments/${appointment?.id}`, { ...fingerprints, day: '2026-12-17', time: '11:00' });
    expect(moved.statusCode).toBe(200);
    await capture.waitFor(client.user.email.toLowerCase(), /a changé/);
    now = new Date('2026-12-14T12:00:00Z');
    await remind();
    now = new Date('2026-12-16T12:00:00Z');
    await remind();
    expect(mailsTo(client).filter((mail) => mail.subject.startsWith('Rappel') && mail.subject.includes('17 décembre'))).toHaveLength(2);
  });

  it('sends the cancellation for the client’s calendar when the firm cancels, and forgets the appointment', async () => {
    const [appointment] = (await as(lawyer, 'GET', `/api/admin/cases/${caseId}/official-appointments`)).json().appointments as Appointment[];
    expect((await as(other, 'DELETE', `/api/admin/official-appointments/${appointment?.id}`)).statusCode).toBe(403);
    expect((await as(lawyer, 'DELETE', `/api/admin/official-appointments/${appointment?.id}`)).statusCode).toBe(204);
    const mail = await capture.waitFor(client.user.email.toLowerCase(), /Rendez-vous annulé/);
    const ics = mail.attachments.find((file) => file.mimeType.startsWith('text/calendar'))?.content.toString('utf8') ?? '';
    expect(ics).toContain('METHOD:CANCEL');
    expect((await as(client, 'GET', `/api/cases/${caseId}/official-appointments`)).json()).toEqual([]);
    expect((await as(lawyer, 'DELETE', `/api/admin/official-appointments/${appointment?.id}`)).statusCode).toBe(404);
  });
});
