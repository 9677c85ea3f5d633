import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaDayOverrides, agendaSettings, auditLogs } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { firmHours } from './firm-hours.service.ts';

const day = 24 * 60 * 60 * 1000;
const morning = [{ opens: '09:00', closes: '14:00' }];
const split = [
  { opens: '09:00', closes: '14:00' },
  { opens: '16:00', closes: '19:00' },
];
const week = (days: Array<typeof morning>) => ({ weekly: days, minimumNoticeHours: 4, expressFollowUps: 2 });
const closedWeekend = [split, split, split, split, split, [], []];

describe('the consulting hours editor of the Agenda (docs/product/pages.md)', () => {
  /** The worker's clock, which says what 'today' is: Monday 23 November 2026 in Elche. */
  const now = new Date('2026-11-23T08:00:00Z');
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ worker: { clock: () => now, pollMs: day } });
    admin = await createAccount(t, { role: 'admin' });
    client = await createAccount(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, account: TestAccount | null = admin, language = 'es') =>
    t.app.inject({ method, url, payload, headers: { 'accept-language': language, ...(account ? { cookie: account.cookie } : {}) } });
  const auditOf = (action: string) => t.database.db.select().from(auditLogs).where(eq(auditLogs.action, action));

  it('answers 401 without a session and 403 to a client, on every route', async () => {
    const routes = [
      ['GET', '/api/admin/agenda/hours', undefined],
      ['PUT', '/api/admin/agenda/hours', week(closedWeekend)],
      ['GET', '/api/admin/agenda/days', undefined],
      ['PUT', '/api/admin/agenda/days/2026-12-24', { ranges: [] }],
      ['DELETE', '/api/admin/agenda/days/2026-12-24', undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload, null)).statusCode).toBe(401);
      expect((await call(method, url, payload, client)).statusCode).toBe(403);
    }
    expect(await t.database.db.select().from(agendaSettings)).toEqual([]);
  });

  it('shows FIRM_HOURS and a notice of 4 hours until the firm saves its own', async () => {
    const response = await call('GET', '/api/admin/agenda/hours');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ weekly: closedWeekend, isDefault: true, minimumNoticeHours: 4, expressFollowUps: 2 });
  });

  it.each([
    ['a range that closes before it opens', { weekly: [[{ opens: '14:00', closes: '09:00' }], [], [], [], [], [], []], minimumNoticeHours: 4, expressFollowUps: 2 }, 'weekly.0.0.closes', 'La hora de cierre debe ser posterior a la de apertura'],
    ['a range that opens when it closes', { weekly: [[], [{ opens: '10:00', closes: '10:00' }], [], [], [], [], []], minimumNoticeHours: 4, expressFollowUps: 2 }, 'weekly.1.0.closes', 'La hora de cierre debe ser posterior a la de apertura'],
    ['two overlapping ranges', { weekly: [[{ opens: '09:00', closes: '14:00' }, { opens: '13:00', closes: '18:00' }], [], [], [], [], [], []], minimumNoticeHours: 4, expressFollowUps: 2 }, 'weekly.0.1.opens', 'Este tramo se solapa con otro del mismo día'],
    ['an hour that is no time', { weekly: [[{ opens: '9:00', closes: '25:00' }], [], [], [], [], [], []], minimumNoticeHours: 4, expressFollowUps: 2 }, 'weekly.0.0.opens', 'Hora no válida (HH:MM)'],
    ['a notice over a week', { ...week(closedWeekend), minimumNoticeHours: 169 }, 'minimumNoticeHours', 'Un número entero de horas entre 0 y 168'],
    ['a notice in fractions of an hour', { ...week(closedWeekend), minimumNoticeHours: 1.5 }, 'minimumNoticeHours', 'Un número entero de horas entre 0 y 168'],
    ['more follow-ups than ten', { ...week(closedWeekend), expressFollowUps: 11 }, 'expressFollowUps', 'Un número entero entre 0 y 10'],
    ['no follow-ups given', { weekly: week(closedWeekend).weekly, minimumNoticeHours: 4 }, 'expressFollowUps', 'Este campo es obligatorio'],
    ['six days instead of seven', { weekly: [[], [], [], [], [], []], minimumNoticeHours: 4, expressFollowUps: 2 }, 'weekly', 'Valor no válido.'],
  ])('refuses %s with a translated 400 and changes nothing', async (_case, payload, path, message) => {
    const response = await call('PUT', '/api/admin/agenda/hours', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
    expect(await t.database.db.select().from(agendaSettings)).toEqual([]);
    expect(await auditOf('HOURS_UPDATE')).toEqual([]);
  });

  it('words the refusal in the admin\'s language', async () => {
    const overlap = { weekly: [[{ opens: '09:00', closes: '14:00' }, { opens: '13:00', closes: '18:00' }], [], [], [], [], [], []], minimumNoticeHours: 4, expressFollowUps: 2 };
    expect((await call('PUT', '/api/admin/agenda/hours', overlap, admin, 'fr')).json().issues).toContainEqual({
      path: 'weekly.0.1.opens',
      message: 'Cette plage chevauche une autre plage du même jour',
    });
    expect((await call('PUT', '/api/admin/agenda/hours', overlap, admin, 'en')).json().issues).toContainEqual({
      path: 'weekly.0.1.opens',
      message: 'This range overlaps another one of the same day',
    });
  });

  it('saves the week in time order with the notice, and writes what it was and is in the audit log', async () => {
    const saturday = [
      { opens: '16:00', closes: '18:00' },
      { opens: '10:00', closes: '13:00' },
    ];
    const response = await call('PUT', '/api/admin/agenda/hours', { weekly: [morning, morning, morning, morning, split, saturday, []], minimumNoticeHours: 24, expressFollowUps: 3 });
    expect(response.statusCode).toBe(200);
    const saved = { weekly: [morning, morning, morning, morning, split, [saturday[1], saturday[0]], []], isDefault: false, minimumNoticeHours: 24, expressFollowUps: 3 };
    expect(response.json()).toEqual(saved);
    expect((await call('GET', '/api/admin/agenda/hours')).json()).toEqual(saved);

    const hours = await firmHours({ db: t.database.db, openingHours: t.app.config.firm.hours });
    expect(hours.minimumNoticeHours).toBe(24);
    expect(hours.schedule.weekly[5]).toEqual(saved.weekly[5]);

    const [entry] = await auditOf('HOURS_UPDATE');
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      targetTable: 'agenda_settings',
      targetId: 'firm',
      details: {
        from: { weeklyHours: 'Mo 09:00-14:00,16:00-19:00; Tu 09:00-14:00,16:00-19:00; We 09:00-14:00,16:00-19:00; Th 09:00-14:00,16:00-19:00; Fr 09:00-14:00,16:00-19:00', minimumNoticeHours: 4, expressFollowUps: 2 },
        to: { weeklyHours: 'Mo 09:00-14:00; Tu 09:00-14:00; We 09:00-14:00; Th 09:00-14:00; Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00,16:00-18:00', minimumNoticeHours: 24, expressFollowUps: 3 },
      },
    });
  });

  describe('days off and days with other hours', () => {
    it('closes a day with a note and gives another its own hours; both close or open the firm on them, as the holidays to come', async () => {
      const dayOff = await call('PUT', '/api/admin/agenda/days/2026-12-07', { ranges: [], note: '  Puente  ' });
      expect(dayOff.statusCode).toBe(200);
      expect(dayOff.json()).toEqual({ date: '2026-12-07', ranges: [], note: 'Puente' });
      await call('PUT', '/api/admin/agenda/days/2026-12-24', { ranges: [{ opens: '09:00', closes: '12:00' }] });
      // A day already past is kept (earlier requests' timers count with it) but no longer listed.
      await call('PUT', '/api/admin/agenda/days/2026-11-20', { ranges: [] });

      const days = (await call('GET', '/api/admin/agenda/days')).json();
      expect(days.days).toEqual([
        { date: '2026-12-07', ranges: [], note: 'Puente' },
        { date: '2026-12-24', ranges: [{ opens: '09:00', closes: '12:00' }], note: null },
      ]);
      expect(days.holidays.slice(0, 3)).toEqual([
        { date: '2026-12-08', name: 'Inmaculada Concepción' },
        { date: '2026-12-25', name: 'Natividad del Señor' },
        { date: '2026-12-29', name: 'Venida de la Virgen (día por confirmar: 28 o 29 de diciembre)' },
      ]);

      const { schedule } = await firmHours({ db: t.database.db, openingHours: t.app.config.firm.hours });
      expect(schedule.overrides.get('2026-12-07')).toEqual([]);
      expect(schedule.overrides.get('2026-12-24')).toEqual([{ opens: '09:00', closes: '12:00' }]);
      expect(await auditOf('DAY_HOURS_SET')).toHaveLength(3);
    });

    it('replaces a day\'s hours, recording what they were', async () => {
      await call('PUT', '/api/admin/agenda/days/2026-12-24', { ranges: [{ opens: '10:00', closes: '13:00' }], note: 'Nochebuena' });
      const rows = await t.database.db.select().from(agendaDayOverrides).where(eq(agendaDayOverrides.date, '2026-12-24'));
      expect(rows).toMatchObject([{ ranges: [{ opens: '10:00', closes: '13:00' }], note: 'Nochebuena' }]);
      const entries = (await auditOf('DAY_HOURS_SET')).filter((entry) => entry.targetId === '2026-12-24');
      expect(entries.map((entry) => entry.details)).toContainEqual({
        date: '2026-12-24',
        from: { hours: '09:00-12:00', isDayOff: false, note: null },
        to: { hours: '10:00-13:00', isDayOff: false, note: 'Nochebuena' },
      });
    });

    it('refuses bad days and bad ranges with a translated 400, and changes nothing', async () => {
      const bad = await call('PUT', '/api/admin/agenda/days/2026-12-31', { ranges: [{ opens: '12:00', closes: '11:00' }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toContainEqual({ path: 'ranges.0.closes', message: 'La hora de cierre debe ser posterior a la de apertura' });
      expect((await call('PUT', '/api/admin/agenda/days/31-12-2026', { ranges: [] })).statusCode).toBe(400);
      expect(await t.database.db.select().from(agendaDayOverrides).where(eq(agendaDayOverrides.date, '2026-12-31'))).toEqual([]);
    });

    it('gives a day back to the week\'s hours, with its audit row; a day with no hours of its own is not found', async () => {
      expect((await call('DELETE', '/api/admin/agenda/days/2026-12-07')).statusCode).toBe(204);
      expect((await call('GET', '/api/admin/agenda/days')).json().days.map((entry: { date: string }) => entry.date)).toEqual(['2026-12-24']);
      const [entry] = (await auditOf('DELETE')).filter((row) => row.targetTable === 'agenda_day_overrides');
      expect(entry).toMatchObject({ targetId: '2026-12-07', details: { date: '2026-12-07', hours: '', isDayOff: true, note: 'Puente' } });
      expect((await call('DELETE', '/api/admin/agenda/days/2026-12-07')).statusCode).toBe(404);
    });
  });
});
