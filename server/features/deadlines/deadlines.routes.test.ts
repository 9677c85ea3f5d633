import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, deadlineReminders, mailOutbox, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';

const day = 24 * 60 * 60 * 1000;

type Deadline = {
  id: string;
  caseId: number;
  displayId: string;
  kind: string;
  startDate: string;
  madeAvailableOn: string | null;
  openedOn: string | null;
  dueDate: string;
  opensOn: string | null;
  doneAt: string | null;
};

describe('deadlines: the Spanish rules on a case, the holidays, and the reminders (docs/product/rules.md)', () => {
  /** The worker's clock, moved by the tests: 09:00 in Elche (08:00 UTC in winter) of the day they name. */
  let now = new Date('2026-11-23T08:00:00Z');
  const setToday = (isoDay: string, hourUtc = 8) => {
    now = new Date(`${isoDay}T${String(hourUtc).padStart(2, '0')}:00:00Z`);
  };
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;
  let other: TestAccount;
  let caseId: number;
  let nationalityCaseId: number;

  const addDeadline = (id: number, payload: Record<string, unknown>, account = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/cases/${id}/deadlines`, headers: { cookie: account.cookie }, payload, remoteAddress: '10.9.0.1' });
  const clientDeadlines = (id: number, account = client) => t.app.inject({ url: `/api/cases/${id}/deadlines`, headers: { cookie: account.cookie } });
  const auditOf = (targetId: string) => t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId));

  beforeAll(async () => {
    t = await createTestApp({ env: { FIRM_EMAIL: 'despacho@example.com' }, worker: { clock: () => now, pollMs: day } });
    admin = await createAccount(t, { role: 'admin', firstName: 'Marta', lastName: 'Ruiz' });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    other = await createAccount(t, { firstName: 'Otro', lastName: 'Cliente' });
    caseId = await createPaidCase(t.app, client, 'arraigo');
    nationalityCaseId = await createPaidCase(t.app, client, 'nationality');
  });
  afterAll(() => t.close());

  describe('permissions (docs/product/permissions.md)', () => {
    it('answers 401 without a session, 404 for another client\'s case, 403 to a client on the admin routes', async () => {
      expect((await t.app.inject({ url: `/api/cases/${caseId}/deadlines` })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/admin/deadlines' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/admin/holidays' })).statusCode).toBe(401);
      expect((await clientDeadlines(caseId, other)).statusCode).toBe(404);
      expect((await clientDeadlines(999_999)).statusCode).toBe(404);
      for (const request of [
        { url: '/api/admin/deadlines' },
        { url: '/api/admin/holidays' },
        { method: 'POST' as const, url: '/api/admin/holidays', payload: { date: '2026-12-07', scope: 'elche', name: 'x' } },
        { method: 'POST' as const, url: `/api/admin/cases/${caseId}/deadlines`, payload: { kind: 'tie', startDate: '2026-12-01' } },
        { url: `/api/admin/cases/${caseId}/deadlines/preview?kind=tie&startDate=2026-12-01` },
      ]) {
        expect((await t.app.inject({ ...request, headers: { cookie: client.cookie } })).statusCode).toBe(403);
      }
    });
  });

  describe('recording a deadline', () => {
    it('counts 10 working days for a requerimiento, skipping the Inmaculada, with its audit row; the client sees it', async () => {
      const response = await addDeadline(caseId, { kind: 'requerimiento', startDate: '2026-12-04', note: 'Aportar el contrato firmado' });
      expect(response.statusCode).toBe(201);
      const deadline = response.json<Deadline>();
      expect(deadline).toMatchObject({ caseId, displayId: `EXP-${String(caseId).padStart(3, '0')}`, kind: 'requerimiento', startDate: '2026-12-04', dueDate: '2026-12-21', opensOn: null, doneAt: null });
      expect(await auditOf(deadline.id)).toEqual([
        expect.objectContaining({ action: 'DEADLINE_CREATE', adminId: admin.user.id, targetTable: 'case_deadlines', ipAddress: '10.9.0.1' }),
      ]);
      const seen = await clientDeadlines(caseId);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<Deadline[]>().map((item) => item.id)).toContain(deadline.id);
    });

    it('counts 3 months for a nationality case (its service), moved off Elche\'s Venida de la Virgen', async () => {
      const preview = await t.app.inject({
        url: `/api/admin/cases/${nationalityCaseId}/deadlines/preview?kind=requerimiento&startDate=2026-09-29`,
        headers: { cookie: admin.cookie },
      });
      expect(preview.json()).toEqual({ dueDate: '2026-12-30', opensOn: null, isNationality: true, notifiedOn: '2026-09-29' });
      const saved = await addDeadline(nationalityCaseId, { kind: 'requerimiento', startDate: '2026-09-29' });
      expect(saved.json<Deadline>().dueDate).toBe('2026-12-30');
    });

    it('counts an electronic notification nobody opened as notified 10 calendar days after it was made available (art. 43.2)', async () => {
      // Made available on Friday 20 November 2026, never opened: notified on Monday 30 November; 10 working days from then skip the 6th and 8th of December.
      const preview = await t.app.inject({ url: `/api/admin/cases/${caseId}/deadlines/preview?kind=requerimiento&startDate=2026-11-20&notice=electronic`, headers: { cookie: admin.cookie } });
      expect(preview.json()).toEqual({ dueDate: '2026-12-15', opensOn: null, isNationality: false, notifiedOn: '2026-11-30' });
      const saved = await addDeadline(caseId, { kind: 'requerimiento', startDate: '2026-11-20', notice: 'electronic' });
      expect(saved.statusCode).toBe(201);
      const deadline = saved.json<Deadline>();
      expect(deadline).toMatchObject({ startDate: '2026-11-30', madeAvailableOn: '2026-11-20', openedOn: null, dueDate: '2026-12-15' });
      expect((await auditOf(deadline.id))[0]?.details).toMatchObject({ startDate: '2026-11-30', madeAvailableOn: '2026-11-20', openedOn: null });
      const opened = await addDeadline(caseId, { kind: 'requerimiento', startDate: '2026-11-20', notice: 'read' });
      expect(opened.json<Deadline>()).toMatchObject({ startDate: '2026-11-20', madeAvailableOn: null, openedOn: null, dueDate: '2026-12-04' });
    });

    it('refuses an electronic notification for a permit’s expiry, an opening day without one or before it, translated, and records nothing', async () => {
      const refused = (payload: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url: `/api/admin/cases/${caseId}/deadlines`, headers: { cookie: admin.cookie, 'accept-language': 'en' }, payload });
      const before = (await clientDeadlines(caseId)).json<Deadline[]>().length;
      const renewal = await refused({ kind: 'renewal_window', startDate: '2026-06-15', notice: 'electronic' });
      expect(renewal.statusCode).toBe(400);
      expect(renewal.json().issues).toEqual([{ path: 'notice', message: 'A permit’s expiry is not a notification.' }]);
      const withoutNotice = await refused({ kind: 'tie', startDate: '2026-11-02', openedOn: '2026-11-03' });
      expect(withoutNotice.json().issues).toEqual([{ path: 'openedOn', message: 'Only an electronic notification has an opening date.' }]);
      const openedBefore = await refused({ kind: 'tie', startDate: '2026-11-02', notice: 'electronic', openedOn: '2026-11-01' });
      expect(openedBefore.json().issues).toEqual([{ path: 'openedOn', message: 'It cannot have been opened before it was made available.' }]);
      // The worker's clock says 23 November 2026: an opening on the 24th has not happened yet.
      const future = await refused({ kind: 'tie', startDate: '2026-11-20', notice: 'electronic', openedOn: '2026-11-24' });
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe('The opening date cannot be in the future.');
      expect((await addDeadline(caseId, { kind: 'tie', startDate: '2026-12-04', notice: 'maybe' })).statusCode).toBe(400);
      expect((await clientDeadlines(caseId)).json<Deadline[]>()).toHaveLength(before);
    });

    it('gives a renewal window its opening and closing days', async () => {
      const saved = await addDeadline(caseId, { kind: 'renewal_window', startDate: '2026-06-15' });
      expect(saved.json<Deadline>()).toMatchObject({ opensOn: '2026-04-16', dueDate: '2026-09-14' });
    });

    it('refuses an unknown kind, a bad date and an unknown case', async () => {
      expect((await addDeadline(caseId, { kind: 'plazo', startDate: '2026-12-04' })).statusCode).toBe(400);
      expect((await addDeadline(caseId, { kind: 'tie', startDate: '2026-02-30' })).statusCode).toBe(400);
      expect((await addDeadline(999_999, { kind: 'tie', startDate: '2026-12-04' })).statusCode).toBe(404);
    });
  });

  describe('the notification clock (art. 43 Ley 39/2015, docs/product/notification-clock.md)', () => {
    it.each([
      // caseKind, kind, madeAvailableOn, openedOn, legal day of notification, due day
      ['opened on day 3: that day is the notification\'s; 10 working days from the next', 'arraigo', 'requerimiento', '2026-11-02', '2026-11-05', '2026-11-05', '2026-11-19'],
      ['never opened: notified 10 calendar days after it was made available', 'arraigo', 'requerimiento', '2026-11-02', null, '2026-11-12', '2026-11-26'],
      ['opened on the 10th day: still within, that day', 'arraigo', 'requerimiento', '2026-11-02', '2026-11-12', '2026-11-12', '2026-11-26'],
      ['opened after the 10 days: the 10th day stays the notification\'s', 'arraigo', 'requerimiento', '2026-11-02', '2026-11-20', '2026-11-12', '2026-11-26'],
      ['made available before the Inmaculada, never opened: the holiday neither stops the 10 calendar days nor counts as a working day after', 'arraigo', 'requerimiento', '2026-11-27', null, '2026-12-07', '2026-12-22'],
      ['made available on a Saturday, its 10th day the Inmaculada: notified on the holiday, not on the next working day', 'arraigo', 'requerimiento', '2026-11-28', null, '2026-12-08', '2026-12-22'],
      ['a nationality requerimiento never opened: 3 months from the 10th day, moved off Elche\'s Venida de la Virgen', 'nationality', 'requerimiento', '2026-09-19', null, '2026-09-29', '2026-12-30'],
      ['a nationality requerimiento opened on day 3: 3 months from that day', 'nationality', 'requerimiento', '2026-09-19', '2026-09-22', '2026-09-22', '2026-12-22'],
      ['a resolution never opened, its appeal: a month from Saturday 31 January, moved off Saturday 28 February', 'arraigo', 'appeal', '2026-01-21', null, '2026-01-31', '2026-03-02'],
      ['a resolution opened on day 10, its TIE: a month, moved off the Fiesta Nacional', 'arraigo', 'tie', '2026-08-31', '2026-09-10', '2026-09-10', '2026-10-13'],
      ['a nationality grant opened on day 1, its jura: 180 calendar days', 'nationality', 'oath', '2026-01-14', '2026-01-15', '2026-01-15', '2026-07-14'],
    ] as const)('%s', async (_case, caseKind, kind, madeAvailableOn, openedOn, notifiedOn, dueDate) => {
      const id = caseKind === 'nationality' ? nationalityCaseId : caseId;
      const query = new URLSearchParams({ kind, startDate: madeAvailableOn, notice: 'electronic', ...(openedOn ? { openedOn } : {}) });
      const preview = await t.app.inject({ url: `/api/admin/cases/${id}/deadlines/preview?${query}`, headers: { cookie: admin.cookie } });
      expect(preview.json()).toMatchObject({ notifiedOn, dueDate, isNationality: caseKind === 'nationality' });
      const saved = await addDeadline(id, { kind, startDate: madeAvailableOn, notice: 'electronic', ...(openedOn ? { openedOn } : {}) });
      expect(saved.statusCode).toBe(201);
      const expected = { kind, madeAvailableOn, openedOn, startDate: notifiedOn, dueDate };
      expect(saved.json<Deadline>()).toMatchObject(expected);
      expect((await clientDeadlines(id)).json<Deadline[]>().find((item) => item.id === saved.json<Deadline>().id)).toMatchObject(expected);
    });

    describe('a notification recorded unopened, opened later', () => {
      const markOpened = (id: string, openedOn: string, language = 'es') =>
        t.app.inject({ method: 'POST', url: `/api/admin/deadlines/${id}/opened`, headers: { cookie: admin.cookie, 'accept-language': language }, payload: { openedOn } });

      it('moves the legal day to the opening within the 10 days, and the deadline with it, audited; once only', async () => {
        setToday('2026-11-05');
        const deadline = (await addDeadline(caseId, { kind: 'requerimiento', startDate: '2026-11-02', notice: 'electronic' })).json<Deadline>();
        expect(deadline).toMatchObject({ startDate: '2026-11-12', dueDate: '2026-11-26', openedOn: null });

        const future = await markOpened(deadline.id, '2026-11-06', 'en');
        expect(future.statusCode).toBe(400);
        expect(future.json().message).toBe('The opening date cannot be in the future.');
        const before = await markOpened(deadline.id, '2026-11-01', 'fr');
        expect(before.statusCode).toBe(400);
        expect(before.json().message).toBe('Elle ne peut pas avoir été ouverte avant sa mise à disposition.');

        const opened = await markOpened(deadline.id, '2026-11-05');
        expect(opened.statusCode).toBe(200);
        expect(opened.json<Deadline>()).toMatchObject({ madeAvailableOn: '2026-11-02', openedOn: '2026-11-05', startDate: '2026-11-05', dueDate: '2026-11-19' });
        expect((await clientDeadlines(caseId)).json<Deadline[]>().find((item) => item.id === deadline.id)).toMatchObject({ openedOn: '2026-11-05', dueDate: '2026-11-19' });
        expect((await auditOf(deadline.id)).find((row) => row.action === 'DEADLINE_NOTICE_OPENED')).toMatchObject({
          adminId: admin.user.id,
          details: expect.objectContaining({ openedOn: '2026-11-05', startDate: '2026-11-05', dueDate: '2026-11-19', previousDueDate: '2026-11-26' }),
        });

        const twice = await markOpened(deadline.id, '2026-11-04', 'en');
        expect(twice.statusCode).toBe(409);
        expect(twice.json().message).toBe('The day it was opened is already recorded.');
        setToday('2026-11-23');
      });

      it('keeps the 10th day when it was opened after it, and refuses a notification that was not electronic or none at all', async () => {
        const late = (await addDeadline(caseId, { kind: 'appeal', startDate: '2026-10-01', notice: 'electronic' })).json<Deadline>();
        const opened = await markOpened(late.id, '2026-11-20');
        expect(opened.json<Deadline>()).toMatchObject({ openedOn: '2026-11-20', startDate: late.startDate, dueDate: late.dueDate });

        const read = (await addDeadline(caseId, { kind: 'appeal', startDate: '2026-11-02' })).json<Deadline>();
        const refused = await markOpened(read.id, '2026-11-03', 'en');
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('This deadline does not come from an electronic notification.');
        expect((await markOpened('00000000-0000-4000-8000-000000000000', '2026-11-03')).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'POST', url: `/api/admin/deadlines/${late.id}/opened`, headers: { cookie: client.cookie }, payload: { openedOn: '2026-11-03' } })).statusCode).toBe(403);
      });
    });
  });

  describe('holidays', () => {
    it('lists the seeded days of 2026 and 2027, national, Valencian and Elche\'s', async () => {
      const list = await t.app.inject({ url: '/api/admin/holidays', headers: { cookie: admin.cookie } });
      const days = list.json<Array<{ date: string; scope: string }>>();
      expect(days).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ date: '2026-12-08', scope: 'national' }),
          expect.objectContaining({ date: '2026-03-19', scope: 'valencian_community' }),
          expect.objectContaining({ date: '2026-04-13', scope: 'elche' }),
          expect.objectContaining({ date: '2027-03-29', scope: 'valencian_community' }),
        ]),
      );
      expect(days.map((holiday) => holiday.date)).toEqual([...days.map((holiday) => holiday.date)].sort());
    });

    it('adds a holiday that new deadlines count with, refuses it twice, and removes it, each audited', async () => {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/admin/holidays',
        headers: { cookie: admin.cookie },
        payload: { date: '2026-12-07', scope: 'elche', name: 'Puente municipal' },
      });
      expect(added.statusCode).toBe(201);
      const holiday = added.json<{ id: string }>();
      const preview = await t.app.inject({ url: `/api/admin/cases/${caseId}/deadlines/preview?kind=requerimiento&startDate=2026-12-04`, headers: { cookie: admin.cookie } });
      expect(preview.json()).toMatchObject({ dueDate: '2026-12-22', isNationality: false });

      const twice = await t.app.inject({ method: 'POST', url: '/api/admin/holidays', headers: { cookie: admin.cookie }, payload: { date: '2026-12-07', scope: 'elche', name: 'Otra vez' } });
      expect(twice.statusCode).toBe(409);

      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/holidays/${holiday.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(204);
      expect((await auditOf(holiday.id)).map((row) => row.action).sort()).toEqual(['DELETE', 'HOLIDAY_CREATE']);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/holidays/${holiday.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    });
  });

  describe('the admin list, done and removed', () => {
    it('lists open deadlines overdue or due within 30 days, latest due first, with the EXP id and the client', async () => {
      // Notified Thu 1 Oct: 9 Oct (Valencian) and 12 Oct (national) skipped, due Mon 19 Oct.
      const overdue = (await addDeadline(caseId, { kind: 'requerimiento', startDate: '2026-10-01' })).json<Deadline>();
      await addDeadline(nationalityCaseId, { kind: 'tie', startDate: '2026-11-20' });
      const far = (await addDeadline(caseId, { kind: 'appeal', startDate: '2027-03-01' })).json<Deadline>();
      const list = await t.app.inject({ url: '/api/admin/deadlines', headers: { cookie: admin.cookie } });
      expect(list.statusCode).toBe(200);
      const items = list.json<{ items: Array<Deadline & { client: { name: string } }> }>().items;
      const ids = items.map((item) => item.id);
      expect(ids).toContain(overdue.id);
      expect(ids).not.toContain(far.id);
      expect(items.map((item) => item.dueDate)).toEqual([...items.map((item) => item.dueDate)].sort().reverse());
      expect(items.find((item) => item.id === overdue.id)).toMatchObject({ displayId: overdue.displayId, dueDate: '2026-10-19', client: { name: 'Amina Diallo' } });

      // The other case has a deadline in the list too (due 21 Dec): searching by EXP id leaves it out.
      const byCase = await t.app.inject({ url: `/api/admin/deadlines?q=${overdue.displayId}`, headers: { cookie: admin.cookie } });
      expect(new Set(byCase.json<{ items: Deadline[] }>().items.map((item) => item.caseId))).toEqual(new Set([caseId]));
    });

    it('marks a deadline done (gone from the client and the list) and removes another, each audited', async () => {
      const deadline = (await addDeadline(caseId, { kind: 'tie', startDate: '2026-11-20' })).json<Deadline>();
      const done = await t.app.inject({ method: 'POST', url: `/api/admin/deadlines/${deadline.id}/done`, headers: { cookie: admin.cookie } });
      expect(done.statusCode).toBe(200);
      expect(done.json<Deadline>().doneAt).toEqual(expect.any(String));
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/deadlines/${deadline.id}/done`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
      expect((await clientDeadlines(caseId)).json<Deadline[]>().map((item) => item.id)).not.toContain(deadline.id);

      const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/deadlines/${deadline.id}`, headers: { cookie: admin.cookie } });
      expect(removed.statusCode).toBe(204);
      expect((await auditOf(deadline.id)).map((row) => row.action).sort()).toEqual(['DEADLINE_CREATE', 'DEADLINE_DONE', 'DELETE']);
    });

    it('gives the admin one case\'s deadlines, open and done, soonest first; 403 to a client, 401 without a session, 404 for no case', async () => {
      const open = (await addDeadline(nationalityCaseId, { kind: 'oath', startDate: '2026-11-02' })).json<Deadline>();
      const done = (await addDeadline(nationalityCaseId, { kind: 'appeal', startDate: '2026-10-05' })).json<Deadline>();
      await t.app.inject({ method: 'POST', url: `/api/admin/deadlines/${done.id}/done`, headers: { cookie: admin.cookie } });
      const url = `/api/admin/cases/${nationalityCaseId}/deadlines`;
      const list = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(list.statusCode).toBe(200);
      const items = list.json<Deadline[]>();
      expect(new Set(items.map((item) => item.caseId))).toEqual(new Set([nationalityCaseId]));
      expect(items.find((item) => item.id === open.id)).toMatchObject({ kind: 'oath', startDate: '2026-11-02', doneAt: null });
      expect(items.find((item) => item.id === done.id)?.doneAt).toEqual(expect.any(String));
      expect(items.map((item) => item.dueDate)).toEqual([...items.map((item) => item.dueDate)].sort());
      expect((await t.app.inject({ url, headers: { cookie: client.cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/admin/cases/999999/deadlines', headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    });
  });

  describe('reminders (7 and 2 days before, on the day, and when a window opens), once each', () => {
    let reminded: TestAccount;
    let remindedCase: number;

    beforeAll(async () => {
      reminded = await createAccount(t, { firstName: 'Claire', lastName: 'Martin' });
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, reminded.user.id));
      remindedCase = await createPaidCase(t.app, reminded, 'nie-crue');
    });

    /** The worker's pass at 09:00 of `isoDay` in Elche, twice, as a second instance or a retry would. */
    async function workOn(isoDay: string) {
      setToday(isoDay);
      await t.app.worker.kick();
      setToday(isoDay, 9);
      await t.app.worker.kick();
    }
    const remindersOf = (deadlineId: string) =>
      t.database.db
        .select({ reminder: deadlineReminders.reminder, recipient: deadlineReminders.recipient })
        .from(deadlineReminders)
        .where(eq(deadlineReminders.deadlineId, deadlineId));
    const mailsContaining = (recipient: string, text: string) =>
      t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, recipient), like(mailOutbox.textBody, `%${text}%`)));

    it('mails the client in their language and the firm, each reminder once', async () => {
      // Requerimiento notified Tue 1 Dec 2026: due Wed 16 Dec (8 Dec is a holiday).
      const deadline = (await addDeadline(remindedCase, { kind: 'requerimiento', startDate: '2026-12-01' })).json<Deadline>();
      expect(deadline.dueDate).toBe('2026-12-16');
      const displayId = deadline.displayId;

      await workOn('2026-12-08');
      expect(await remindersOf(deadline.id)).toEqual([]);

      await workOn('2026-12-09');
      expect(await remindersOf(deadline.id)).toHaveLength(2);
      const [toClient] = await mailsContaining(reminded.user.email, 'dans une semaine');
      expect(toClient).toMatchObject({ subject: `${displayId}\u00a0: Demande de pièces, échéance le 16 décembre 2026` });
      expect(await mailsContaining('despacho@example.com', `Claire Martin (${displayId}) vence dentro de una semana`)).toHaveLength(1);

      await workOn('2026-12-10');
      expect(await remindersOf(deadline.id)).toHaveLength(2);

      await workOn('2026-12-14');
      expect(await mailsContaining(reminded.user.email, 'dans deux jours')).toHaveLength(1);
      await workOn('2026-12-16');
      expect(await mailsContaining(reminded.user.email, "Aujourd'hui, 16 décembre 2026")).toHaveLength(1);
      await workOn('2026-12-17');
      expect((await remindersOf(deadline.id)).map((row) => `${row.reminder}:${row.recipient}`).sort()).toEqual([
        'due_day:client',
        'due_day:firm',
        'two_days:client',
        'two_days:firm',
        'week:client',
        'week:firm',
      ]);
    });

    it('tells the client and the firm when a renewal window opens, and sends nothing for a deadline done', async () => {
      // Expiry 1 Mar 2027: the window opens on 31 Dec 2026.
      const window = (await addDeadline(remindedCase, { kind: 'renewal_window', startDate: '2027-03-01' })).json<Deadline>();
      const done = (await addDeadline(remindedCase, { kind: 'appeal', startDate: '2026-12-07' })).json<Deadline>();
      await t.app.inject({ method: 'POST', url: `/api/admin/deadlines/${done.id}/done`, headers: { cookie: admin.cookie } });

      await workOn('2026-12-30');
      expect(await remindersOf(window.id)).toEqual([]);
      await workOn('2026-12-31');
      expect((await remindersOf(window.id)).map((row) => `${row.reminder}:${row.recipient}`).sort()).toEqual(['opens:client', 'opens:firm']);
      expect(await mailsContaining(reminded.user.email, 'renouvellement de votre titre')).toHaveLength(1);
      await workOn('2027-01-07');
      expect(await remindersOf(window.id)).toHaveLength(2);
      expect(await remindersOf(done.id)).toEqual([]);
    });
    it('follow the legal day: a notification opened after its "one week" reminder gets the reminders of its new due day', async () => {
      // Made available Mon 11 Jan 2027, unopened: notified Thu 21 Jan, due Thu 4 Feb. Opened on day 3 (14 Jan): due Thu 28 Jan.
      setToday('2027-01-14');
      const deadline = (await addDeadline(remindedCase, { kind: 'requerimiento', startDate: '2027-01-11', notice: 'electronic' })).json<Deadline>();
      expect(deadline.dueDate).toBe('2027-02-04');
      await workOn('2027-01-28');
      expect((await remindersOf(deadline.id)).map((row) => row.reminder)).toEqual(['week', 'week']);

      const opened = await t.app.inject({ method: 'POST', url: `/api/admin/deadlines/${deadline.id}/opened`, headers: { cookie: admin.cookie }, payload: { openedOn: '2027-01-14' } });
      expect(opened.json<Deadline>().dueDate).toBe('2027-01-28');
      expect(await remindersOf(deadline.id)).toEqual([]);
      // The hourly task's next pass that day.
      setToday('2027-01-28', 11);
      await t.app.worker.kick();
      expect((await remindersOf(deadline.id)).map((row) => `${row.reminder}:${row.recipient}`).sort()).toEqual(['due_day:client', 'due_day:firm']);
      expect(await mailsContaining(reminded.user.email, "Aujourd'hui, 28 janvier 2027")).toHaveLength(1);
    });
  });
});
