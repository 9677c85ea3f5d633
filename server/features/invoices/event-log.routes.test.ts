import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifactuEvents } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { sampleFirm, startBillingApp } from '#server/test/billing.ts';
import { testClock } from '#server/test/clock.ts';
import { createPaidPayment } from '#server/test/factories.ts';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { eventFieldsSchema, eventFingerprint } from './event-log.ts';
import { recordOperationMode } from './event-log.service.ts';
import { verifyBillingSystem } from './invoices.service.ts';

const eventsInOrder = async (t: TestApp) =>
  (await t.database.db.select().from(verifactuEvents).orderBy(asc(verifactuEvents.position))).map((row) => ({ ...row, fields: eventFieldsSchema.parse(row.fields) }));
const typesOf = async (t: TestApp) => (await eventsInOrder(t)).map((event) => event.type);

describe("VeriFactu's event log, for a firm that keeps its billing records", () => {
  let t: TestApp;
  let capture: MailCapture;
  let accountant: TestAccount;
  const firm = { legalName: sampleFirm.FIRM_LEGAL_NAME, taxId: sampleFirm.FIRM_TAX_ID, address: sampleFirm.FIRM_ADDRESS };

  beforeAll(async () => {
    ({ t, capture } = await startBillingApp());
    accountant = await createAccount(t, { role: 'accounting' });
    await t.app.worker.kick();
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  it('starts operation as NO VERI*FACTU once, and logs each export in a chain of fingerprints', async () => {
    await t.app.worker.kick();
    expect(await typesOf(t)).toEqual(['01']);
    await createPaidPayment(t, await createAccount(t), 'arraigo');

    const year = new Date().getFullYear();
    const records = await t.app.inject({ url: `/api/admin/billing-records?year=${year}`, headers: { cookie: accountant.cookie } });
    expect(records.statusCode).toBe(200);
    const log = await t.app.inject({ url: '/api/admin/verifactu-events', headers: { cookie: accountant.cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toContain('application/xml');

    const events = await eventsInOrder(t);
    expect(events.map((event) => event.type)).toEqual(['01', '08', '09']);
    expect(events[1]?.data).toEqual({ Ejercicio: year, NumeroRegistros: 1 });
    let previous: string | null = null;
    for (const event of events) {
      expect(event.previousFingerprint).toBe(previous);
      expect(event.fingerprint).toBe(eventFingerprint(event.fields, previous));
      previous = event.fingerprint;
    }
    const [first] = events;
    expect(first?.fields).toMatchObject({ NIFProductor: sampleFirm.FIRM_TAX_ID, NIFObligado: sampleFirm.FIRM_TAX_ID, NombreRazonObligado: sampleFirm.FIRM_LEGAL_NAME, IdSistemaInformatico: 'EA', TipoEvento: '01' });
    expect(first?.fields.FechaHoraHusoGenEvento).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    // The fingerprint's input, in the documented style (not confirmed against the agency's examples).
    const text = `NIF=${sampleFirm.FIRM_TAX_ID}&ID=&IdSistemaInformatico=EA&Version=0.1.0&NumeroInstalacion=1&NIF=${sampleFirm.FIRM_TAX_ID}&TipoEvento=01&HuellaEvento=&FechaHoraHusoGenEvento=${first?.fields.FechaHoraHusoGenEvento}`;
    expect(first?.fingerprint).toBe(createHash('sha256').update(text).digest('hex').toUpperCase());

    // The export holds every event, its own included, each with its data, its link and its fingerprint.
    const xml = log.body;
    expect(xml.match(/<RegistroEvento>/g)).toHaveLength(3);
    expect(xml).toContain('<PrimerEvento>S</PrimerEvento>');
    expect(xml).toMatch(new RegExp(`<TipoEvento>08</TipoEvento>\\s*<DatosPropiosEvento>\\s*<Ejercicio>${year}</Ejercicio>\\s*<NumeroRegistros>1</NumeroRegistros>`));
    expect(xml).toMatch(new RegExp(`<EventoAnterior>\\s*<TipoEvento>08</TipoEvento>[\\s\\S]*<HuellaEvento>${events[1]?.fingerprint}</HuellaEvento>\\s*</EventoAnterior>`));
    expect(xml).toMatch(new RegExp(`<TipoHuella>01</TipoHuella>\\s*<HuellaEvento>${events[2]?.fingerprint}</HuellaEvento>\\s*</Evento>\\s*</RegistroEvento>\\s*</RegistrosEvento>`));
    expect(xml).toContain(`<NIF>${sampleFirm.FIRM_TAX_ID}</NIF>`);

    // Only the staff who keep the accounts export it.
    const lawyer = await createAccount(t, { role: 'lawyer' });
    expect((await t.app.inject({ url: '/api/admin/verifactu-events', headers: { cookie: lawyer.cookie } })).statusCode).toBe(403);
  });

  it('ends operation as NO VERI*FACTU when the system runs sending its records, and starts again when it keeps them', async () => {
    const deps = { db: t.database.db, firm, now: () => new Date() };
    await recordOperationMode(deps, { isKept: false });
    await recordOperationMode(deps, { isKept: false });
    await recordOperationMode(deps, { isKept: true });
    await recordOperationMode(deps, { isKept: true });
    expect((await typesOf(t)).slice(-2)).toEqual(['02', '01']);
  });

  it('refuses to change or remove an event, and invoices:verify logs its checks and each anomaly', async () => {
    const [first] = await eventsInOrder(t);
    if (!first) throw new Error('no event made');
    await expect(t.database.db.update(verifactuEvents).set({ data: { x: 1 } }).where(eq(verifactuEvents.id, first.id))).rejects.toThrow();
    await expect(t.database.db.delete(verifactuEvents).where(eq(verifactuEvents.id, first.id))).rejects.toThrow();

    const deps = { db: t.database.db, firm, now: () => new Date(), sentTo: null };
    expect((await verifyBillingSystem(deps)).problems).toEqual([]);
    const before = (await typesOf(t)).length;
    expect((await typesOf(t)).slice(-2)).toEqual(['03', '05']);

    // Someone with the database's owner rights goes around the triggers: an event's type and a record's total change.
    await t.database.db.execute(sql`alter table verifactu_events disable trigger verifactu_events_immutable`);
    await t.database.db.execute(sql`update verifactu_events set fields = jsonb_set(fields, '{TipoEvento}', '"90"'), type = '90' where id = ${first.id}`);
    await t.database.db.execute(sql`alter table verifactu_events enable trigger verifactu_events_immutable`);
    await t.database.db.execute(sql`alter table billing_records disable trigger billing_records_immutable`);
    await t.database.db.execute(sql`update billing_records set fields = jsonb_set(fields, '{ImporteTotal}', '"3.00"')`);
    await t.database.db.execute(sql`alter table billing_records enable trigger billing_records_immutable`);

    const { problems } = await verifyBillingSystem(deps);
    expect(problems).toContain('The VeriFactu event 1 (type 90): its fields no longer match its fingerprint.');
    expect(problems.filter((problem) => problem.startsWith('The billing record of'))).toHaveLength(2);
    const events = await eventsInOrder(t);
    // 03, a 04 per anomaly in the billing records, 05, a 06 per anomaly in the events; they are kept though the check failed.
    expect(events.slice(before).map((event) => event.type)).toEqual(['03', '04', '04', '05', '06']);
    expect(events[before + 1]?.data).toMatchObject({ TipoAnomalia: 'registros de facturación', Descripcion: expect.stringContaining('its fields no longer match its fingerprint') });
    expect(events[before + 4]?.data).toMatchObject({ TipoAnomalia: 'registros de evento', Descripcion: 'The VeriFactu event 1 (type 90): its fields no longer match its fingerprint.' });
  });

});

describe("VeriFactu's summary of events", () => {
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ env: sampleFirm, worker: { clock: clock.now } });
    await t.app.worker.kick();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sums up the events every 6 hours, only when something happened since the last summary', async () => {
    expect(await typesOf(t)).toEqual(['01']);
    clock.advance(5 * 60 * 60 * 1000);
    await t.app.worker.kick();
    expect(await typesOf(t)).toEqual(['01']);

    clock.advance(60 * 60 * 1000 + 60_000);
    await t.app.worker.kick();
    const events = await eventsInOrder(t);
    expect(events.map((event) => event.type)).toEqual(['01', '10']);
    expect(events[1]?.data).toMatchObject({ NumeroEventos: 1, Eventos01: 1 });
    expect(events[1]?.createdAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 6 * 60 * 60 * 1000 - 60_000);

    // Nothing happened since: six hours later, no summary.
    clock.advance(6 * 60 * 60 * 1000 + 60_000);
    await t.app.worker.kick();
    expect(await typesOf(t)).toEqual(['01', '10']);
  });
});
