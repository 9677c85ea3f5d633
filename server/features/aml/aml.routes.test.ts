import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseIdentification } from '#common/aml/aml.contract.ts';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import { amlIdentificationFiles, amlIdentifications, auditLogs, caseDocuments } from '#server/db/schema/index.ts';
import { openCase } from '#server/features/cases/cases.service.ts';
import { exportPersonalRecords, findPersonalRecords } from '#server/features/profile/personal-data.service.ts';
import { createAccount, createStaffTeam, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { storedFiles } from '#server/test/personal-data.ts';

const day = 24 * 60 * 60 * 1000;
const fields = { fullName: 'Amina Diallo', documentKind: 'passport', documentNumber: 'XK1234567', fundsOrigin: 'Ahorros de mi salario en Francia', purpose: 'Vivienda habitual' };

describe('aml: the identification property work asks under Ley 10/2010', () => {
  let t: TestApp;
  const clock = testClock();
  let amina: TestAccount;
  let omar: TestAccount;
  let team: Awaited<ReturnType<typeof createStaffTeam>>;
  /** Amina's property purchase, and Omar's arraigo (a service that asks no identification). */
  let purchase: number;
  let arraigo: number;
  let karim: TestAccount;
  let karimCase: number;
  const karimScan = Buffer.concat([sampleFiles.pdf(), Buffer.from('pasaporte de Karim')]);
  const passport = Buffer.concat([sampleFiles.pdf(), Buffer.from('pasaporte de Amina')]);
  const secondScan = Buffer.concat([sampleFiles.png(), Buffer.from('pasaporte legible')]);

  const submit = (account: TestAccount, caseId: number, content = passport, values: Record<string, string> = fields, filename = 'pasaporte.pdf') => {
    const body = multipartBody([...Object.entries(values).map(([name, value]) => ({ name, value })), { name: 'document', filename, content }]);
    return t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/identification`, payload: body.payload, headers: { ...body.headers, cookie: account.cookie } });
  };
  const staffView = (account: TestAccount, caseId = purchase) => t.app.inject({ url: `/api/admin/cases/${caseId}/identification`, headers: { cookie: account.cookie } });
  const review = (account: TestAccount, identificationId: string, payload: object, caseId = purchase) =>
    t.app.inject({ method: 'POST', url: `/api/admin/cases/${caseId}/identification/${identificationId}/review`, payload, headers: { cookie: account.cookie } });
  const move = (caseId: number, stage: CaseStage) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/cases/${caseId}/stage`, payload: { stage }, headers: { cookie: team.lawyer.cookie, 'accept-language': 'es' } });
  const rows = () => t.database.db.select().from(amlIdentifications).where(eq(amlIdentifications.caseId, purchase));
  const isStored = (content: Buffer) => storedFiles(t).some((file) => file.equals(content));

  beforeAll(async () => {
    t = await createTestApp({ worker: { clock: clock.now, pollMs: day } });
    amina = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    omar = await createAccount(t, { firstName: 'Omar', lastName: 'Haddad' });
    team = await createStaffTeam(t);
    // What a paid quote for the property service does: fulfilment opens the case in the payment's transaction.
    purchase = await openCase({ db: t.database.db }, { userId: amina.user.id, serviceId: 'property-purchase' });
    arraigo = await openCase({ db: t.database.db }, { userId: omar.user.id, serviceId: 'arraigo' });
  });
  afterAll(() => t.close());

  it('offers the property purchase by quote in the catalogue, in every language', async () => {
    for (const language of ['es', 'en', 'fr']) {
      const catalogue = (await t.app.inject({ url: '/api/services', headers: { 'accept-language': language } })).json<Array<{ id: string; isFromPrice: boolean; title: string }>>();
      expect(catalogue.find((offer) => offer.id === 'property-purchase')).toMatchObject({ isFromPrice: true, title: expect.any(String) });
    }
  });

  it('asks the client of a property case for identification, and no one else', async () => {
    const mine = await t.app.inject({ url: '/api/identifications', headers: { cookie: amina.cookie } });
    expect(mine.json<CaseIdentification[]>()).toEqual([{ caseId: purchase, status: 'required', submissions: [] }]);
    expect((await t.app.inject({ url: '/api/identifications', headers: { cookie: omar.cookie } })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/identifications' })).statusCode).toBe(401);
  });

  it('keeps the work from starting until the identification is accepted; a case of another service moves freely', async () => {
    const refused = await move(purchase, 'reviewing_documents');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('identificación') });
    expect((await move(purchase, 'initial_study')).statusCode).toBe(200);
    expect((await move(arraigo, 'reviewing_documents')).statusCode).toBe(200);
  });

  it('refuses a submission with no document or a missing field, and stores nothing', async () => {
    const noFile = multipartBody(Object.entries(fields).map(([name, value]) => ({ name, value })));
    const response = await t.app.inject({ method: 'POST', url: `/api/cases/${purchase}/identification`, payload: noFile.payload, headers: { ...noFile.headers, cookie: amina.cookie } });
    expect(response.statusCode).toBe(400);
    const { fundsOrigin: _, ...withoutFunds } = fields;
    const missing = await submit(amina, purchase, passport, withoutFunds);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([expect.objectContaining({ path: 'fundsOrigin' })]);
    expect(await rows()).toEqual([]);
    expect(isStored(passport)).toBe(false);
  });

  it('lets no other client send, read or download it, and refuses a case that asks none', async () => {
    expect((await submit(omar, purchase)).statusCode).toBe(404);
    expect((await submit(omar, arraigo)).statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('takes the client’s submission, which the lawyer asks again with a note and then accepts; the gate opens', async () => {
    const sent = await submit(amina, purchase);
    expect(sent.statusCode).toBe(201);
    const first = sent.json<CaseIdentification>().submissions[0];
    expect(sent.json()).toMatchObject({ caseId: purchase, status: 'submitted', submissions: [{ ...fields, status: 'submitted', files: [{ name: 'pasaporte.pdf' }] }] });
    expect(isStored(passport)).toBe(true);
    if (!first) throw new Error('no submission');

    // Row by row: Omar reaches none of it, nor does a staff role the permission table leaves out.
    const fileUrl = `/api/cases/${purchase}/identification/${first.id}/files/${first.files[0]?.id}`;
    expect((await t.app.inject({ url: fileUrl, headers: { cookie: omar.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: fileUrl, headers: { cookie: amina.cookie } })).rawPayload.equals(passport)).toBe(true);
    for (const role of ['reception', 'translator', 'accounting'] as const) expect((await staffView(team[role])).statusCode).toBe(403);
    expect((await staffView(team.lawyer, arraigo)).json()).toEqual({ caseId: arraigo, status: 'notRequired', submissions: [] });
    expect((await staffView(team.lawyer, 2_147_483_000)).statusCode).toBe(404);

    const seen = await staffView(team.lawyer);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ status: 'submitted', submissions: [{ fullName: 'Amina Diallo', documentNumber: 'XK1234567' }] });
    const download = await t.app.inject({ url: `/api/admin/cases/${purchase}/identification/${first.id}/files/${first.files[0]?.id}`, headers: { cookie: team.lawyer.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(passport)).toBe(true);

    expect((await review(team.lawyer, first.id, { decision: 'return' })).statusCode).toBe(400);
    const returned = await review(team.lawyer, first.id, { decision: 'return', note: 'La foto no se lee: envía el pasaporte escaneado.' });
    expect(returned.json()).toMatchObject({ status: 'returned', submissions: [{ reviewNote: 'La foto no se lee: envía el pasaporte escaneado.' }] });
    expect((await review(team.lawyer, first.id, { decision: 'accept' })).statusCode).toBe(409);
    expect((await move(purchase, 'reviewing_documents')).statusCode).toBe(409);

    const again = await submit(amina, purchase, secondScan, fields, 'pasaporte.png');
    expect(again.statusCode).toBe(201);
    const second = again.json<CaseIdentification>().submissions[0];
    if (!second) throw new Error('no second submission');
    expect((await review(team.owner, second.id, { decision: 'accept' })).json()).toMatchObject({ status: 'accepted' });

    expect((await t.app.inject({ url: '/api/identifications', headers: { cookie: amina.cookie } })).json()).toMatchObject([{ status: 'accepted', submissions: [{ status: 'accepted' }, { status: 'returned' }] }]);
    expect((await submit(amina, purchase)).statusCode).toBe(409);
    expect((await move(purchase, 'reviewing_documents')).statusCode).toBe(200);
    const audited = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'IDENTIFICATION_REVIEW'));
    expect(audited.map((entry) => entry.details)).toEqual(expect.arrayContaining([{ decision: 'return' }, { decision: 'accept' }]));
  });

  it('shows the records in the client’s data export', async () => {
    const person = { id: amina.user.id, email: amina.user.email };
    const exported = await exportPersonalRecords(t.database.db, person, await findPersonalRecords(t.database.db, person));
    expect(exported.aml).toEqual(expect.arrayContaining([expect.objectContaining({ fullName: 'Amina Diallo', fundsOrigin: fields.fundsOrigin, purpose: fields.purpose })]));
    expect(JSON.stringify(exported.aml)).not.toContain('identifications/');
  });

  it('keeps the records through the 24-month erasure of a closed case’s documents and through the account’s deletion', async () => {
    // Karim's purchase, identified and closed today: his relationship ends with the case.
    karim = await createAccount(t, { firstName: 'Karim', lastName: 'Benali' });
    karimCase = await openCase({ db: t.database.db }, { userId: karim.user.id, serviceId: 'property-purchase' });
    const karimSent = (await submit(karim, karimCase, karimScan, { ...fields, fullName: 'Karim Benali' })).json<CaseIdentification>().submissions[0];
    expect((await review(team.lawyer, karimSent?.id ?? '', { decision: 'accept' }, karimCase)).statusCode).toBe(200);
    expect((await move(karimCase, 'cancelled')).statusCode).toBe(200);

    const upload = multipartBody([{ name: 'document', filename: 'nota-simple.pdf', content: sampleFiles.pdf() }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/cases/${purchase}/documents`, payload: upload.payload, headers: { ...upload.headers, cookie: amina.cookie } })).statusCode).toBe(201);
    expect((await move(purchase, 'resolved_favourably')).statusCode).toBe(200);

    clock.advance(25 * 30 * day);
    await t.app.worker.kick();
    expect(await t.database.db.select().from(caseDocuments).where(eq(caseDocuments.caseId, purchase))).toEqual([]);
    expect(await rows()).toHaveLength(2);

    // Amina deletes her account 25 months on: that ends her relationship with the firm, if her case had not already.
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: amina.password, isConfirmed: true }, headers: { cookie: amina.cookie } });
    expect(deleted.statusCode).toBe(204);
    const kept = await rows();
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.fullName === 'Amina Diallo' && row.relationshipEndedAt !== null)).toBe(true);
    expect(isStored(passport)).toBe(true);
    expect(isStored(secondScan)).toBe(true);
  });

  it('erases them, rows and files, by their own task once 10 years have passed since the relationship ended', async () => {
    // Karim's case closed 10 years and 11 months ago: his records go. Amina's case was never paid
    // here, so her account's deletion took it; her term runs from that deletion, 9 years and 11 months ago.
    clock.advance((9 * 365 + 330) * day);
    await t.app.worker.kick();
    expect(await rows()).toHaveLength(2);
    expect(await t.database.db.select().from(amlIdentifications).where(eq(amlIdentifications.caseId, karimCase))).toEqual([]);
    expect(isStored(karimScan)).toBe(false);
    expect(isStored(passport)).toBe(true);

    clock.advance(60 * day);
    await t.app.worker.kick();
    expect(await rows()).toEqual([]);
    expect(await t.database.db.select().from(amlIdentificationFiles)).toEqual([]);
    expect(isStored(passport)).toBe(false);
    expect(isStored(secondScan)).toBe(false);
    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'RETENTION_ERASE'));
    const erasedCases = entries.filter((entry) => entry.adminId === null && (entry.details as { identifications?: boolean } | null)?.identifications === true).map((entry) => entry.targetId);
    expect(erasedCases.sort()).toEqual([String(purchase), String(karimCase)].sort());
  });
});
