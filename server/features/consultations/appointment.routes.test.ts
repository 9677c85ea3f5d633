import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientConsultation } from '#common/consultations/consultations.contract.ts';
import { auditLogs, consultations, mailOutbox, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { createAppointmentMails } from './appointment.mails.ts';
import { sendAppointmentReminders } from './appointment.service.ts';

const minute = 60 * 1000;
const hour = 60 * minute;

describe('appointments: reminders, video link and completion', () => {
  let t: TestApp;
  const clock = testClock();
  let admin: TestAccount;
  let client: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ env: { FIRM_EMAIL: 'despacho@example.com' }, worker: { clock: clock.now, pollMs: 24 * hour } });
    admin = await createAccount(t, { role: 'admin', firstName: 'Marta', lastName: 'Ruiz' });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    other = await createAccount(t, { firstName: 'Otro', lastName: 'Cliente' });
  });
  afterAll(() => t.close());

  /** A paid scheduled consultation of `account`, booked at `scheduledAt` as the slot picker leaves it. */
  async function appointment(account: TestAccount, values: Partial<typeof consultations.$inferInsert> = {}) {
    const [row] = await t.database.db
      .insert(consultations)
      .values({ userId: account.user.id, consultationType: 'scheduled', details: { service_id: 'scheduled' }, meetingMode: 'video', ...values })
      .returning();
    if (!row) throw new Error('no consultation');
    return row.id;
  }
  const consultation = async (id: string) => (await t.database.db.select().from(consultations).where(eq(consultations.id, id)))[0];
  const mailsTo = (recipient: string, subject: string) =>
    t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, recipient), like(mailOutbox.subject, `%${subject}%`)));
  const auditOf = (id: string) => t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
  const patch = (id: string, payload: Record<string, unknown>, account = admin, language = 'es') =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/consultations/${id}`, headers: { cookie: account.cookie, 'accept-language': language }, payload });
  const setVideoLink = (id: string, payload: Record<string, unknown>, account = admin, language = 'es') =>
    t.app.inject({ method: 'PUT', url: `/api/admin/consultations/${id}/video-link`, headers: { cookie: account.cookie, 'accept-language': language }, payload });

  describe('the reminder 24 hours before', () => {
    it('leaves once to the client and the firm, and again after the appointment moves', async () => {
      const reminded = await createAccount(t, { firstName: 'Claire', lastName: 'Martin' });
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, reminded.user.id));
      const id = await appointment(reminded, { scheduledAt: new Date(clock.now().getTime() + 30 * hour), meetingMode: 'office' });

      // Six hours early: nothing yet.
      clock.advance(16 * minute);
      await t.app.worker.kick();
      expect(await mailsTo(reminded.user.email, 'Rappel')).toHaveLength(0);

      clock.advance(6 * hour);
      await t.app.worker.kick();
      const [toClient] = await mailsTo(reminded.user.email, 'Rappel de votre consultation');
      expect(toClient?.textBody).toContain('Rappel de votre consultation avec Asesoría Elche');
      expect(toClient?.textBody).toContain('Nous vous attendons à notre bureau');
      expect(await mailsTo('despacho@example.com', 'Recordatorio de cita: Claire Martin')).toHaveLength(1);
      expect((await consultation(id))?.reminderSentAt).toBeInstanceOf(Date);

      // A second run, and two instances at once, send nothing more.
      clock.advance(16 * minute);
      await t.app.worker.kick();
      const mails = createAppointmentMails(t.app.config, t.app.outbox, clock.now);
      await Promise.all([1, 2].map(() => sendAppointmentReminders({ db: t.database.db, mails, now: clock.now })));
      expect(await mailsTo(reminded.user.email, 'Rappel de votre consultation')).toHaveLength(1);
      expect(await mailsTo('despacho@example.com', 'Recordatorio de cita: Claire Martin')).toHaveLength(1);

      // Moved three days later: the reminder is due again the day before the new time.
      await t.database.db.update(consultations).set({ scheduledAt: new Date(clock.now().getTime() + 72 * hour) }).where(eq(consultations.id, id));
      await t.database.db.transaction((tx) => mails.rescheduled(tx, id));
      expect((await consultation(id))?.reminderSentAt).toBeNull();
      expect(await mailsTo(reminded.user.email, 'Nouvelle heure de votre consultation')).toHaveLength(1);
      clock.advance(47 * hour);
      await t.app.worker.kick();
      expect(await mailsTo(reminded.user.email, 'Rappel de votre consultation')).toHaveLength(1);
      clock.advance(2 * hour);
      await t.app.worker.kick();
      expect(await mailsTo(reminded.user.email, 'Rappel de votre consultation')).toHaveLength(2);
    });

    it('is not sent for a cancelled or completed appointment, and a booking within 24 hours stands for it', async () => {
      const soon = new Date(clock.now().getTime() + 5 * hour);
      const cancelled = await appointment(other, { scheduledAt: soon, status: 'cancelada', cancelledAt: clock.now() });
      const completed = await appointment(other, { scheduledAt: new Date(soon.getTime() + hour), status: 'completada' });
      const late = await appointment(other, { scheduledAt: new Date(soon.getTime() + 2 * hour) });
      const mails = createAppointmentMails(t.app.config, t.app.outbox, clock.now);
      await t.database.db.transaction((tx) => mails.booked(tx, late));
      expect((await consultation(late))?.reminderSentAt).toBeInstanceOf(Date);

      clock.advance(16 * minute);
      await t.app.worker.kick();
      expect(await mailsTo(other.user.email, 'Recordatorio')).toHaveLength(0);
      expect((await consultation(cancelled))?.reminderSentAt).toBeNull();
      expect((await consultation(completed))?.reminderSentAt).toBeNull();
    });
  });

  describe('the video link', () => {
    it('is set by an admin only, as an https link, audited, and mails the client the updated invitation', async () => {
      const id = await appointment(client, { scheduledAt: new Date(clock.now().getTime() + 4 * 24 * hour) });

      expect((await t.app.inject({ method: 'PUT', url: `/api/admin/consultations/${id}/video-link`, payload: { videoUrl: 'https://meet.example.com/a' } })).statusCode).toBe(401);
      expect((await setVideoLink(id, { videoUrl: 'https://meet.example.com/a' }, client)).statusCode).toBe(403);

      for (const videoUrl of ['http://meet.example.com/a', 'javascript:alert(1)', 'meet.example.com/a']) {
        const refused = await setVideoLink(id, { videoUrl });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'validation' });
        expect(refused.json().issues[0]).toEqual({ path: 'videoUrl', message: 'Introduce un enlace que empiece por https://.' });
      }
      const inEnglish = await setVideoLink(id, { videoUrl: 'ftp://meet.example.com' }, admin, 'en');
      expect(inEnglish.json().issues[0].message).toBe('Enter a link starting with https://.');
      expect((await consultation(id))?.videoUrl).toBeNull();

      expect((await setVideoLink(id, { videoUrl: 'https://meet.example.com/abc-defg' })).statusCode).toBe(204);
      expect((await consultation(id))?.videoUrl).toBe('https://meet.example.com/abc-defg');
      const [mail] = await mailsTo(client.user.email, 'Enlace de la videollamada de tu consulta');
      expect(mail?.textBody).toContain('Será por videollamada, en este enlace: https://meet.example.com/abc-defg');
      const ics = Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? '', 'base64').toString('utf8').replaceAll('\r\n ', '');
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain('LOCATION:https://meet.example.com/abc-defg');
      expect(ics).toContain(`UID:consultation-${id}@localhost`);
      expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'CONSULTATION_VIDEO_LINK', adminId: admin.user.id, details: { from: null, to: 'https://meet.example.com/abc-defg' } })]);

      const rows = (await t.app.inject({ url: '/api/admin/consultations', headers: { cookie: admin.cookie } })).json<{ items: Array<{ id: string }> }>().items;
      expect(rows.find((row) => row.id === id)).toMatchObject({ meetingMode: 'video', videoUrl: 'https://meet.example.com/abc-defg' });
      const seen = await t.app.inject({ url: '/api/consultations', headers: { cookie: client.cookie } });
      expect(seen.json<ClientConsultation[]>().find((item) => item.id === id)?.videoUrl).toBe('https://meet.example.com/abc-defg');
    });

    it('belongs to video consultations only', async () => {
      const office = await appointment(client, { scheduledAt: new Date(clock.now().getTime() + 4 * 24 * hour), meetingMode: 'office' });
      const refused = await setVideoLink(office, { videoUrl: 'https://meet.example.com/x' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Solo una consulta por videollamada pendiente tiene enlace.');
      expect((await setVideoLink('00000000-0000-4000-8000-000000000000', { videoUrl: 'https://meet.example.com/x' })).statusCode).toBe(404);
    });
  });

  describe('the agenda', () => {
    it('shows a booked consultation with its client, mode and 45 minutes, and not a cancelled one', async () => {
      const booked = await appointment(client, { scheduledAt: new Date('2027-02-10T09:30:00Z'), meetingMode: 'phone' });
      await appointment(other, { scheduledAt: new Date('2027-02-11T09:30:00Z'), status: 'cancelada', cancelledAt: new Date() });
      const agenda = await t.app.inject({ url: '/api/admin/agenda?from=2027-02-08&to=2027-02-14', headers: { cookie: admin.cookie } });
      expect(agenda.statusCode).toBe(200);
      expect(agenda.json()).toEqual([
        { id: booked, kind: 'consultation', date: '2027-02-10', time: '10:30', endTime: '11:15', meetingMode: 'phone', title: client.user.firstName + ' ' + client.user.lastName },
      ]);
      expect((await t.app.inject({ url: '/api/admin/agenda?from=2027-02-08&to=2027-02-14', headers: { cookie: client.cookie } })).statusCode).toBe(403);
    });
  });

  describe('completion with an outcome note', () => {
    it('requires the note, in the admin\'s language, and keeps it within 2000 characters', async () => {
      const id = await appointment(client, { scheduledAt: new Date(clock.now().getTime() - hour) });
      const missing = await patch(id, { status: 'completada' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'validation', issues: [{ path: 'firmNote', message: 'Este campo es obligatorio' }] });
      const blankInFrench = await patch(id, { status: 'completada', firmNote: '   ' }, admin, 'fr');
      expect(blankInFrench.statusCode).toBe(400);
      expect(blankInFrench.json().issues[0]).toMatchObject({ path: 'firmNote' });
      expect(blankInFrench.json().issues[0].message).not.toBe('Este campo es obligatorio');
      expect((await patch(id, { status: 'completada', firmNote: 'x'.repeat(2001) })).statusCode).toBe(400);
      expect((await patch(id, { status: 'completada', firmNote: 'Bien', recommendedServiceId: 'express' })).json()).toMatchObject({
        code: 'validation',
        message: 'Elige un trámite del catálogo como trámite recomendado.',
      });
      expect((await patch(id, { status: 'completada', firmNote: 'Bien', recommendedServiceId: 'no-such-service' })).statusCode).toBe(400);
      expect((await patch(id, { status: 'completada', firmNote: 'Bien' }, client)).statusCode).toBe(403);
      expect((await consultation(id))?.status).toBe('pendiente');
    });

    it('completes with the note and the recommended case, which the owner alone sees, and mails the link to hire it', async () => {
      const id = await appointment(client, { scheduledAt: new Date(clock.now().getTime() - hour) });
      const note = 'Su caso encaja en el arraigo social: reúna el certificado de empadronamiento y el contrato.';
      expect((await patch(id, { status: 'completada', firmNote: note, recommendedServiceId: 'arraigo' })).statusCode).toBe(204);

      const row = await consultation(id);
      expect(row).toMatchObject({ status: 'completada', firmNote: note, recommendedServiceId: 'arraigo' });
      expect(row?.completedAt).toBeInstanceOf(Date);
      expect(row?.answeredAt?.getTime()).toBe(row?.completedAt?.getTime());
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({ action: 'STATUS_CHANGE', details: { from: 'pendiente', to: 'completada', firmNote: note, recommendedServiceId: 'arraigo' } }),
      ]);

      const mine = (await t.app.inject({ url: '/api/consultations', headers: { cookie: client.cookie, 'accept-language': 'en' } })).json<ClientConsultation[]>();
      expect(mine.find((item) => item.id === id)).toMatchObject({ status: 'completada', firmNote: note, recommendedService: { id: 'arraigo', title: expect.any(String) } });
      const theirs = (await t.app.inject({ url: '/api/consultations', headers: { cookie: other.cookie } })).json<ClientConsultation[]>();
      expect(theirs.some((item) => item.id === id || item.firmNote === note)).toBe(false);

      const [mail] = await mailsTo(client.user.email, 'nuestra valoración');
      expect(mail?.textBody).toContain('Tienes nuestra valoración en tu panel.');
      expect(mail?.textBody).toMatch(/Contratar .+\nhttp:\/\/localhost:\d+\/iniciar-tramite\?servicio=arraigo/);

      expect((await patch(id, { status: 'completada', firmNote: 'Otra vez' })).statusCode).toBe(409);
    });

    it('keeps the first answer time, and needs no recommended case', async () => {
      const answeredAt = new Date('2026-11-20T10:00:00Z');
      const id = await appointment(client, { scheduledAt: null, meetingMode: null, consultationType: 'express', answeredAt });
      expect((await patch(id, { status: 'completada', firmNote: 'Respondida por escrito.' })).statusCode).toBe(204);
      expect(await consultation(id)).toMatchObject({ status: 'completada', answeredAt, recommendedServiceId: null });
    });
  });
});
