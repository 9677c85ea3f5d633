import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agendaDayOverrides, agendaEvents, agendaSettings, auditLogs, consultations, consultationSlotHolds, payments } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? '';
const minute = 60_000;

/**
 * The firm consults every day 09:00–11:15 (three 45-minute slots: 09:00, 09:45, 10:30, Madrid time),
 * with two hours' notice, and the clock stands at Monday 22 March 2027, 08:00 in Madrid: the tests
 * do not depend on today's date or weekday. Clocks go forward on Sunday 28 March; 26 March is Good
 * Friday (a seeded national holiday).
 */
const everyDay = Array.from({ length: 7 }, () => [{ opens: '09:00', closes: '11:15' }]);
const mondayMorning = Date.parse('2027-03-22T07:00:00Z');

describe('booking a scheduled consultation', () => {
  const clock = testClock();
  let t: TestApp;
  let capture: MailCapture;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({
      env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'http://asesoria.test' },
      worker: { clock: clock.now },
    });
    await t.database.db.insert(agendaSettings).values({ weeklyHours: everyDay, minimumNoticeHours: 2 });
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });
  beforeEach(() => clock.advance(mondayMorning - clock.now().getTime()));

  const as = (account: TestAccount, headers: Record<string, string> = {}) => ({ cookie: account.cookie, ...headers });
  const slots = async (from: string, to = from) => {
    const response = await t.app.inject({ url: `/api/consultations/slots?from=${from}&to=${to}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ slots: string[] }>().slots;
  };
  let address = 0;
  /** Each client from an address of their own unless a test says otherwise: one address holds one slot. */
  const nextAddress = () => `198.51.100.${(address += 1)}`;
  const checkout = async (account: TestAccount, booking?: { startsAt: string; meetingMode: string }, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: as(account),
      remoteAddress,
      payload: await acceptingLetter(t.app, as(account), { service: { id: 'scheduled' }, user: { id: account.user.id, email: account.user.email }, ...(booking ? { booking } : {}) }),
    });
  const liveHolds = async () => (await t.database.db.select().from(consultationSlotHolds)).filter((hold) => hold.expiresAt > clock.now());
  const pay = (account: TestAccount, session: string, action: 'pay' | 'cancel' = 'pay') =>
    t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/${action}`, headers: as(account) });
  const consultationOf = async (session: string) => {
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, session));
    const [row] = await t.database.db.select().from(consultations).where(eq(consultations.id, payment?.consultationId ?? '00000000-0000-0000-0000-000000000000'));
    return row;
  };
  async function book(account: TestAccount, startsAt: string, meetingMode = 'video'): Promise<string> {
    const response = await checkout(account, { startsAt, meetingMode });
    expect(response.statusCode, response.body).toBe(200);
    const session = sessionOf(response.json<{ url: string }>().url);
    expect((await pay(account, session)).statusCode).toBe(204);
    const row = await consultationOf(session);
    if (!row) throw new Error('no consultation opened');
    return row.id;
  }

  describe('the free slots', () => {
    beforeAll(async () => {
      const db = t.database.db;
      await db.insert(agendaDayOverrides).values([
        { date: '2027-03-24', ranges: [], note: 'Cerrado' },
        { date: '2027-03-25', ranges: [{ opens: '16:00', closes: '17:30' }], note: null },
      ]);
      await db.insert(agendaEvents).values([
        { date: '2027-03-30', time: '09:30', title: 'Juicio' },
        { date: '2027-03-30', time: null, title: 'Sin hora: no ocupa' },
      ]);
      const someone = await createAccount(t);
      await db.insert(consultations).values([
        { userId: someone.user.id, consultationType: 'scheduled', details: {}, scheduledAt: new Date('2027-03-31T07:45:00Z') },
        { userId: someone.user.id, consultationType: 'scheduled', status: 'cancelada', details: {}, scheduledAt: new Date('2027-04-01T07:00:00Z') },
      ]);
    });

    it.each([
      ['the week’s hours, in Madrid’s winter time (UTC+1)', '2027-03-23', ['2027-03-23T08:00:00.000Z', '2027-03-23T08:45:00.000Z', '2027-03-23T09:30:00.000Z']],
      ['today: nothing earlier than the two hours’ notice (08:00 + 2 h)', '2027-03-22', ['2027-03-22T09:30:00.000Z']],
      ['a day off', '2027-03-24', []],
      ['a day with its own hours, 16:00–17:30', '2027-03-25', ['2027-03-25T15:00:00.000Z', '2027-03-25T15:45:00.000Z']],
      ['a public holiday (Good Friday)', '2027-03-26', []],
      ['the Saturday before the clocks change (UTC+1)', '2027-03-27', ['2027-03-27T08:00:00.000Z', '2027-03-27T08:45:00.000Z', '2027-03-27T09:30:00.000Z']],
      ['the Sunday the clocks go forward (UTC+2): the same Madrid times, an hour earlier in UTC', '2027-03-28', ['2027-03-28T07:00:00.000Z', '2027-03-28T07:45:00.000Z', '2027-03-28T08:30:00.000Z']],
      ['an event at 09:30 keeps the firm busy for an hour; one without a time does not', '2027-03-30', ['2027-03-30T08:30:00.000Z']],
      ['another client’s appointment at 09:45 takes its slot', '2027-03-31', ['2027-03-31T07:00:00.000Z', '2027-03-31T08:30:00.000Z']],
      ['a cancelled appointment gives its slot back', '2027-04-01', ['2027-04-01T07:00:00.000Z', '2027-04-01T07:45:00.000Z', '2027-04-01T08:30:00.000Z']],
    ])('%s', async (_case, day, expected) => {
      expect(await slots(day)).toEqual(expected);
    });

    it('answers a range of days in order, and refuses a range that is backwards or longer than 31 days', async () => {
      const week = await slots('2027-03-22', '2027-03-28');
      expect(week).toHaveLength(1 + 3 + 0 + 2 + 0 + 3 + 3);
      expect([...week].sort()).toEqual(week);
      expect((await t.app.inject({ url: '/api/consultations/slots?from=2027-03-28&to=2027-03-22' })).statusCode).toBe(400);
      const long = await t.app.inject({ url: '/api/consultations/slots?from=2027-03-01&to=2027-04-01', headers: { 'accept-language': 'en' } });
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain('Ask for at most 31 days of times at once.');
    });
  });

  describe('the checkout holds the slot', () => {
    it('requires a slot and a way to meet for the scheduled consultation, and a slot that is free', async () => {
      const client = await createAccount(t);
      const missing = await checkout(client);
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain('Elige un día, una hora y cómo quieres la consulta antes de pagar.');
      const noMode = await checkout(client, { startsAt: '2027-04-06T07:00:00.000Z', meetingMode: 'carrier-pigeon' });
      expect(noMode.statusCode).toBe(400);
      // 09:15 is not a slot (slots start at 09:00 and 09:45); a day off has none.
      for (const startsAt of ['2027-04-06T07:15:00.000Z', '2027-03-24T08:00:00.000Z', '2027-03-22T08:00:00.000Z']) {
        const refused = await checkout(client, { startsAt, meetingMode: 'phone' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'validation', message: 'Esa hora ya no está libre; elige otra.' });
      }
      expect(await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id))).toEqual([]);
    });

    it('lets exactly one of two clients who check out the same slot at once hold it', async () => {
      const [ana, ben] = await Promise.all([createAccount(t), createAccount(t)]);
      const startsAt = '2027-04-06T07:45:00.000Z';
      const responses = await Promise.all([
        checkout(ana, { startsAt, meetingMode: 'video' }),
        checkout(ben, { startsAt, meetingMode: 'office' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const refused = responses.find((response) => response.statusCode === 400);
      expect(refused?.json()).toMatchObject({ message: 'Esa hora ya no está libre; elige otra.' });
      const holds = await t.database.db.select().from(consultationSlotHolds).where(eq(consultationSlotHolds.startsAt, new Date(startsAt)));
      expect(holds).toHaveLength(1);
      expect(await slots('2027-04-06')).not.toContain(startsAt);
    });

    it('books the held slot when paid: the consultation opens with its time and way to meet, answered, and both sides get the invitation', async () => {
      const client = await createAccount(t, { firstName: 'Lucía', lastName: 'Moreno' });
      const startsAt = '2027-04-07T07:00:00.000Z';
      const id = await book(client, startsAt, 'office');
      const [row] = await t.database.db.select().from(consultations).where(eq(consultations.id, id));
      expect(row).toMatchObject({ status: 'pendiente', meetingMode: 'office', scheduledAt: new Date(startsAt), answeredAt: expect.any(Date) });
      expect(await t.database.db.select().from(consultationSlotHolds).where(eq(consultationSlotHolds.startsAt, new Date(startsAt)))).toEqual([]);
      expect(await slots('2027-04-07')).not.toContain(startsAt);

      const listed = await t.app.inject({ url: '/api/consultations', headers: as(client) });
      expect(listed.json()).toEqual([expect.objectContaining({ id, type: 'scheduled', scheduledAt: startsAt, meetingMode: 'office' })]);
      const mail = await capture.waitFor(client.user.email, /^Tu consulta: /);
      expect(mail.attachments.map((file) => file.mimeType)).toContain('text/calendar');
      expect(mail.attachments.find((file) => file.mimeType === 'text/calendar')?.content.toString()).toContain('DTSTART:20270407T070000Z');
      await capture.waitFor('despacho@example.com', /^Nueva cita: Lucía Moreno/);
    });

    it('gives the slot back when the checkout is cancelled', async () => {
      const client = await createAccount(t);
      const startsAt = '2027-04-08T07:00:00.000Z';
      const response = await checkout(client, { startsAt, meetingMode: 'phone' });
      expect(await slots('2027-04-08')).not.toContain(startsAt);
      expect((await pay(client, sessionOf(response.json<{ url: string }>().url), 'cancel')).statusCode).toBe(204);
      expect(await slots('2027-04-08')).toContain(startsAt);
      expect(await t.database.db.select().from(consultationSlotHolds).where(eq(consultationSlotHolds.startsAt, new Date(startsAt)))).toEqual([]);
    });

    it('gives the slot back when the hold expires after 15 minutes, and the test checkout then refuses the payment', async () => {
      const client = await createAccount(t);
      const startsAt = '2027-04-09T07:00:00.000Z';
      const session = sessionOf((await checkout(client, { startsAt, meetingMode: 'phone' })).json<{ url: string }>().url);
      clock.advance(14 * minute);
      expect(await slots('2027-04-09')).not.toContain(startsAt);
      clock.advance(1 * minute);
      expect(await slots('2027-04-09')).toContain(startsAt);

      const paying = await pay(client, session);
      expect(paying.statusCode).toBe(409);
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, session));
      expect(payment).toMatchObject({ paymentStatus: 'expired', consultationId: null });
      expect(await t.database.db.select().from(consultationSlotHolds).where(eq(consultationSlotHolds.paymentId, payment?.id ?? ''))).toEqual([]);
      const page = await t.app.inject({ url: `/api/payments/test-checkout/${session}`, headers: as(client) });
      expect(page.json()).toMatchObject({ status: 'expired' });
    });
  });

  describe('one live hold per account and per address', () => {
    it('ends a client’s hold when they open another checkout: the first slot is free again and its page refuses Pagar', async () => {
      const client = await createAccount(t);
      const first = sessionOf((await checkout(client, { startsAt: '2027-04-20T07:00:00.000Z', meetingMode: 'video' })).json<{ url: string }>().url);
      // From another address (a phone after a laptop): the account still holds one slot.
      const second = sessionOf((await checkout(client, { startsAt: '2027-04-20T07:45:00.000Z', meetingMode: 'video' })).json<{ url: string }>().url);
      expect(await slots('2027-04-20')).toEqual(['2027-04-20T07:00:00.000Z', '2027-04-20T08:30:00.000Z']);
      expect((await pay(client, first)).statusCode).toBe(409);
      expect((await pay(client, second)).statusCode).toBe(204);
      expect((await consultationOf(second))?.scheduledAt).toEqual(new Date('2027-04-20T07:45:00.000Z'));
    });

    it('gives a client who picks the same slot again the slot they held', async () => {
      const client = await createAccount(t);
      const booking = { startsAt: '2027-04-21T07:00:00.000Z', meetingMode: 'phone' };
      expect((await checkout(client, booking)).statusCode).toBe(200);
      const again = await checkout(client, booking);
      expect(again.statusCode, again.body).toBe(200);
      expect((await pay(client, sessionOf(again.json<{ url: string }>().url))).statusCode).toBe(204);
    });

    it('lets six throwaway accounts checking out from one address hold one slot between them', async () => {
      const accounts = await Promise.all(Array.from({ length: 6 }, () => createAccount(t)));
      const day = ['2027-04-22T07:00:00.000Z', '2027-04-22T07:45:00.000Z', '2027-04-22T08:30:00.000Z'];
      const week = ['2027-04-22', '2027-04-23'].flatMap((date) => day.map((time) => time.replace('2027-04-22', date)));
      const before = await liveHolds();
      for (const [index, account] of accounts.entries()) {
        const response = await checkout(account, { startsAt: week[index] ?? '', meetingMode: 'video' }, '203.0.113.66');
        expect(response.statusCode, response.body).toBe(200);
      }
      expect((await liveHolds()).length - before.length).toBe(1);
      expect(await slots('2027-04-22', '2027-04-23')).toEqual(week.slice(0, 5));
      // Another client elsewhere books what the earlier accounts picked.
      expect((await checkout(await createAccount(t), { startsAt: week[0] ?? '', meetingMode: 'office' })).statusCode).toBe(200);
    });
  });

  describe('moving and cancelling', () => {
    let admin: TestAccount;
    beforeAll(async () => {
      admin = await createAccount(t, { role: 'admin' });
    });

    const reschedule = (account: TestAccount, id: string, startsAt: string) =>
      t.app.inject({ method: 'POST', url: `/api/consultations/${id}/reschedule`, headers: as(account), payload: { startsAt } });
    const cancel = (account: TestAccount, id: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/consultations/${id}/cancel`, headers: as(account, headers) });
    const setByFirm = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/consultations/${id}/appointment`, headers: as(admin), payload });
    const scheduledAt = async (id: string) => (await t.database.db.select().from(consultations).where(eq(consultations.id, id)))[0]?.scheduledAt?.toISOString();

    it('lets the client move their appointment to another free slot, audited and mailed, but not to a taken one', async () => {
      const client = await createAccount(t);
      const other = await createAccount(t);
      const id = await book(client, '2027-04-12T07:00:00.000Z');
      await book(other, '2027-04-12T07:45:00.000Z');

      const taken = await reschedule(client, id, '2027-04-12T07:45:00.000Z');
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toMatchObject({ message: 'Esa hora ya no está libre; elige otra.' });

      expect((await reschedule(client, id, '2027-04-12T08:30:00.000Z')).statusCode).toBe(204);
      expect(await scheduledAt(id)).toBe('2027-04-12T08:30:00.000Z');
      expect(await slots('2027-04-12')).toEqual(['2027-04-12T07:00:00.000Z']);
      const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
      expect(audit).toMatchObject({
        adminId: client.user.id,
        action: 'CONSULTATION_RESCHEDULE',
        details: { from: { scheduledAt: '2027-04-12T07:00:00.000Z' }, to: { scheduledAt: '2027-04-12T08:30:00.000Z' } },
      });
      const mail = await capture.waitFor(client.user.email, /^Nueva hora de tu consulta: /);
      expect(mail.attachments.find((file) => file.mimeType === 'text/calendar')?.content.toString()).toContain('DTSTART:20270412T083000Z');
    });

    it('refuses the client within 24 hours of the appointment, and other clients at all', async () => {
      const client = await createAccount(t);
      const stranger = await createAccount(t);
      const id = await book(client, '2027-04-13T07:00:00.000Z');
      expect((await reschedule(stranger, id, '2027-04-13T08:30:00.000Z')).statusCode).toBe(404);
      expect((await cancel(stranger, id)).statusCode).toBe(404);

      clock.advance(Date.parse('2027-04-12T07:30:00Z') - clock.now().getTime());
      const late = await reschedule(client, id, '2027-04-13T08:30:00.000Z');
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ message: 'Solo puedes cambiar o cancelar la cita hasta 24 horas antes. Si lo necesitas, escríbenos.' });
      const lateCancel = await cancel(client, id, { 'accept-language': 'fr' });
      expect(lateCancel.statusCode).toBe(409);
      expect(lateCancel.json()).toMatchObject({ message: 'Vous ne pouvez déplacer ou annuler le rendez-vous que jusqu’à 24 heures avant. Si besoin, écrivez-nous.' });
      expect(await scheduledAt(id)).toBe('2027-04-13T07:00:00.000Z');

      // The firm may move it at any time, even outside the hours, and the client is mailed.
      expect((await setByFirm(id, { startsAt: '2027-04-13T15:00:00.000Z', meetingMode: 'phone' })).statusCode).toBe(204);
      expect(await t.database.db.select().from(consultations).where(eq(consultations.id, id))).toMatchObject([
        { scheduledAt: new Date('2027-04-13T15:00:00.000Z'), meetingMode: 'phone' },
      ]);
      await capture.waitFor(client.user.email, /^Nueva hora de tu consulta: .*17:00$/);
      const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
      expect(audits).toEqual([
        expect.objectContaining({
          adminId: admin.user.id,
          action: 'CONSULTATION_SCHEDULE',
          details: { from: { scheduledAt: '2027-04-13T07:00:00.000Z', meetingMode: 'video' }, to: { scheduledAt: '2027-04-13T15:00:00.000Z', meetingMode: 'phone' } },
        }),
      ]);
      // Clients never reach the firm's route.
      expect((await t.app.inject({ method: 'PUT', url: `/api/admin/consultations/${id}/appointment`, headers: as(client), payload: { startsAt: '2027-04-13T16:00:00.000Z' } })).statusCode).toBe(403);
    });

    it('never lets the firm put two appointments at once, nor over an open checkout’s hold', async () => {
      const [first, second, third] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
      const a = await book(first, '2027-04-14T07:00:00.000Z');
      const b = await book(second, '2027-04-14T07:45:00.000Z');
      const overlap = await setByFirm(b, { startsAt: '2027-04-14T07:30:00.000Z' });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json()).toMatchObject({ message: 'Esa hora se solapa con otra cita o con una reserva en curso.' });
      expect((await checkout(third, { startsAt: '2027-04-14T08:30:00.000Z', meetingMode: 'video' })).statusCode).toBe(200);
      expect((await setByFirm(a, { startsAt: '2027-04-14T08:45:00.000Z' })).statusCode).toBe(409);
      expect((await setByFirm('00000000-0000-4000-8000-000000000000', { startsAt: '2027-04-14T12:00:00.000Z' })).statusCode).toBe(404);
      expect(await scheduledAt(a)).toBe('2027-04-14T07:00:00.000Z');
    });

    it('lets the client cancel up to 24 hours before: the slot is free again and the fee becomes credit for a case', async () => {
      const client = await createAccount(t);
      const startsAt = '2027-04-15T07:00:00.000Z';
      const id = await book(client, startsAt);
      const response = await cancel(client, id);
      expect(response.statusCode).toBe(204);
      const [row] = await t.database.db.select().from(consultations).where(eq(consultations.id, id));
      expect(row).toMatchObject({ status: 'cancelada', cancelledAt: expect.any(Date) });
      expect(await slots('2027-04-15')).toContain(startsAt);
      const quote = await t.app.inject({ url: '/api/payments/quote/arraigo', headers: as(client) });
      expect(quote.json()).toMatchObject({ priceCents: 30000, creditedCents: 3999, amountCents: 26001 });
      await capture.waitFor(client.user.email, /^Consulta cancelada: /);
      expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id))).toEqual([
        expect.objectContaining({ adminId: client.user.id, action: 'CONSULTATION_CANCEL', details: { scheduledAt: startsAt } }),
      ]);
      // Cancelled is final: neither side moves it any more.
      expect((await cancel(client, id)).statusCode).toBe(409);
      expect((await reschedule(client, id, '2027-04-15T07:45:00.000Z')).statusCode).toBe(409);
      expect((await setByFirm(id, { startsAt: '2027-04-15T07:45:00.000Z' })).statusCode).toBe(409);
    });
  });

  describe('what a visitor sees and the calendar file', () => {
    it('shows a signed-out visitor only the free times: no name, address, mode or id of anyone booked', async () => {
      const client = await createAccount(t);
      await book(client, '2027-04-19T07:00:00.000Z', 'office');
      const response = await t.app.inject({ url: '/api/consultations/slots?from=2027-04-19&to=2027-04-19' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ slots: ['2027-04-19T07:45:00.000Z', '2027-04-19T08:30:00.000Z'] });
      expect(response.body).not.toContain(client.user.email);
      expect(response.body).not.toContain(client.user.id);
      expect(response.body).not.toContain('office');
    });

    it('counts the slot list per address: past 300 loads in ten minutes it answers 429 with a translated message', async () => {
      const remoteAddress = '203.0.113.77';
      const load = () => t.app.inject({ url: '/api/consultations/slots?from=2027-04-19&to=2027-04-19', remoteAddress, headers: { 'accept-language': 'fr' } });
      for (let hit = 0; hit < 300; hit += 1) expect((await load()).statusCode).toBe(200);
      const refused = await load();
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(/\S/);
    });

    it("tells the firm in Spanish, with the service's Spanish title, that a French client's consultation is booked: no call to make", async () => {
      const client = await createAccount(t, { firstName: 'Élodie', lastName: 'Martin Réservée' });
      const headers = as(client, { 'accept-language': 'fr' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/checkout',
        headers,
        remoteAddress: nextAddress(),
        payload: await acceptingLetter(t.app, headers, { service: { id: 'scheduled' }, user: { id: client.user.id, email: client.user.email }, booking: { startsAt: '2027-05-05T07:00:00.000Z', meetingMode: 'video' } }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await pay(client, sessionOf(response.json<{ url: string }>().url))).statusCode).toBe(204);
      const firm = await capture.waitFor('despacho@example.com', /^Nuevo pago: Consulta programada - Élodie Martin Réservée$/);
      expect(firm.text).toMatch(/ha reservado su cita/);
      expect(firm.text).not.toMatch(/Llámale|Consultation programmée/);
      // The client's invoice mail says what happens next for a booked consultation, not a call to wait for.
      const invoice = await capture.waitFor(client.user.email, /factura|facture/i);
      expect(invoice.text).toMatch(/Tu cita está reservada|Votre rendez-vous est réservé/);
    });

    it("names the held slot and the way on the checkout's payment page", async () => {
      const client = await createAccount(t);
      const response = await checkout(client, { startsAt: '2027-04-21T08:30:00.000Z', meetingMode: 'office' });
      expect(response.statusCode, response.body).toBe(200);
      const session = sessionOf(response.json<{ url: string }>().url);
      const page = await t.app.inject({ url: `/api/payments/test-checkout/${session}`, headers: as(client) });
      expect(page.json()).toMatchObject({ serviceId: 'scheduled', booking: { startsAt: '2027-04-21T08:30:00.000Z', meetingMode: 'office' } });
    });

    it('gives the client their booked appointment as a valid .ics, the same event (UID) each time; another client and a signed-out visitor get nothing', async () => {
      const client = await createAccount(t);
      const id = await book(client, '2027-05-04T07:45:00.000Z', 'phone');
      const download = () => t.app.inject({ url: `/api/consultations/${id}/calendar`, headers: as(client) });
      const first = await download();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^text\/calendar/);
      expect(first.headers['content-disposition']).toMatch(/attachment; filename=.*\.ics/);
      const ics = first.body;
      expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(ics).toContain('METHOD:PUBLISH\r\n');
      expect(ics).toContain('BEGIN:VEVENT\r\n');
      expect(ics).toContain('DTSTART:20270504T074500Z\r\n');
      expect(ics).toContain('DTEND:20270504T083000Z\r\n');
      expect(ics.trimEnd().endsWith('END:VEVENT\r\nEND:VCALENDAR')).toBe(true);
      const uid = /\r\nUID:(.+)\r\n/.exec(ics)?.[1];
      expect(uid).toBe(`consultation-${id}@asesoria.test`);
      clock.advance(60 * minute);
      expect(/\r\nUID:(.+)\r\n/.exec((await download()).body)?.[1]).toBe(uid);

      const other = await createAccount(t);
      expect((await t.app.inject({ url: `/api/consultations/${id}/calendar`, headers: as(other) })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/consultations/${id}/calendar` })).statusCode).toBe(401);
    });
  });
});
