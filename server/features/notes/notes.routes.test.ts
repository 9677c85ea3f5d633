import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, staffNotes } from '#server/db/schema/index.ts';
import { createAccount, createStaffTeam, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase, createPaidExpressConsultation } from '#server/test/factories.ts';

describe('notes: the staff’s private notes on a case', () => {
  let t: TestApp;
  let client: TestAccount;
  let owner: TestAccount;
  let lawyer: TestAccount;
  let reception: TestAccount;
  let translator: TestAccount;
  let caseId: number;

  const as = (account: TestAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
  const mailsTo = async (email: string) =>
    (await t.database.db.execute(sql`select subject, text_body as text from mail_outbox where recipient = ${email}`)) as unknown as { rows?: { subject: string; text: string }[] } & { subject: string; text: string }[];
  const rowsOf = <Row>(result: { rows?: Row[] } | Row[]): Row[] => (Array.isArray(result) ? result : (result.rows ?? []));

  beforeAll(async () => {
    t = await createTestApp();
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    ({ owner, lawyer, reception, translator } = await createStaffTeam(t));
    caseId = await createPaidCase(t.app, client);
  });
  afterAll(() => t.close());

  it('lets the staff who read the case write and read notes, and refuses the translator and the client', async () => {
    const written = await as(lawyer, 'POST', `/api/admin/cases/${caseId}/notes`, { body: 'Reservado QX7731: el cliente duda; @olga revisa el contrato.' });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({ authorName: 'Lucía Pérez', mentioned: ['Olga Martín'] });

    const byReception = await as(reception, 'GET', `/api/admin/cases/${caseId}/notes`);
    expect(byReception.statusCode).toBe(200);
    expect(byReception.json<{ body: string }[]>().map((note) => note.body)).toEqual(['Reservado QX7731: el cliente duda; @olga revisa el contrato.']);

    expect((await as(translator, 'GET', `/api/admin/cases/${caseId}/notes`)).statusCode).toBe(403);
    expect((await as(translator, 'POST', `/api/admin/cases/${caseId}/notes`, { body: 'x' })).statusCode).toBe(403);
    expect((await as(client, 'GET', `/api/admin/cases/${caseId}/notes`)).statusCode).toBe(403);
    expect((await as(owner, 'GET', '/api/admin/cases/2147483000/notes')).statusCode).toBe(404);
    expect((await as(owner, 'POST', `/api/admin/cases/${caseId}/notes`, { body: '   ' })).statusCode).toBe(400);
  });

  it('mails the person named with @ once (not the author, not a staff member who may not read the case) and audits the note without its text', async () => {
    const before = rowsOf(await mailsTo(owner.user.email)).length;
    const written = await as(lawyer, 'POST', `/api/admin/cases/${caseId}/notes`, { body: '@Olga @OLGA mira esto, y @Tomás también; @Lucía soy yo. @Olgaa no existe.' });
    expect(written.statusCode, written.body).toBe(201);
    const toOwner = rowsOf(await mailsTo(owner.user.email));
    expect(toOwner.length - before).toBe(1);
    expect(toOwner.at(-1)?.subject).toContain('Lucía Pérez');
    expect(toOwner.at(-1)?.text).not.toContain('mira esto');
    expect(rowsOf(await mailsTo(translator.user.email))).toHaveLength(0);
    expect(rowsOf(await mailsTo(lawyer.user.email))).toHaveLength(0);

    const { id } = written.json<{ id: string }>();
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'NOTE_CREATE'));
    const entry = audit.find((row) => JSON.stringify(row.details).includes(id));
    expect(entry).toMatchObject({ adminId: lawyer.user.id, targetTable: 'cases', targetId: String(caseId) });
    expect(JSON.stringify(entry?.details)).toContain(owner.user.id);
    expect(JSON.stringify(entry?.details)).not.toContain('mira esto');
  });

  it('never shows the notes on the client’s case nor puts them in their data export, and erases them with the account', async () => {
    const own = await as(client, 'GET', '/api/cases');
    expect(own.statusCode).toBe(200);
    expect(own.json<{ id: number }[]>().map((row) => row.id)).toContain(caseId);
    expect(own.body).not.toContain('QX7731');
    expect((await as(client, 'GET', `/api/cases/${caseId}/requests`)).body).not.toContain('QX7731');

    const exported = await as(client, 'GET', '/api/profile/export');
    expect(exported.statusCode).toBe(200);
    const archive = gunzipSync(exported.rawPayload).toString('utf8');
    expect(archive).toContain(client.user.email);
    expect(archive).not.toContain('QX7731');

    const erased = await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: client.password, isConfirmed: true }, headers: { cookie: client.cookie } });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect(await t.database.db.select().from(staffNotes).where(eq(staffNotes.caseId, caseId))).toEqual([]);
  });

  it('keeps notes on a consultation and on a client for the staff who may read them, names what they are about in the mention, and erases them with the account', async () => {
    const other = await createAccount(t, { firstName: 'Karim', lastName: 'Benali' });
    const consultationId = await createPaidExpressConsultation(t.app, other);
    const onConsultation = await as(reception, 'POST', `/api/admin/consultations/${consultationId}/notes`, { body: 'ZK5 llamó dos veces; @Lucía le devuelve la llamada.' });
    expect(onConsultation.statusCode, onConsultation.body).toBe(201);
    expect(onConsultation.json()).toMatchObject({ authorName: 'Rafa Gil', mentioned: ['Lucía Pérez'] });
    const mention = rowsOf(await mailsTo(lawyer.user.email)).at(-1);
    expect(mention?.subject).toBe('Rafa Gil le menciona en una nota interna sobre la consulta de Karim Benali');

    const onClient = await as(lawyer, 'POST', `/api/admin/clients/${other.user.id}/notes`, { body: 'ZK5 prefiere el francés.' });
    expect(onClient.statusCode, onClient.body).toBe(201);
    expect((await as(owner, 'GET', `/api/admin/clients/${other.user.id}/notes`)).json<{ body: string }[]>().map((note) => note.body)).toEqual(['ZK5 prefiere el francés.']);
    expect((await as(translator, 'GET', `/api/admin/clients/${other.user.id}/notes`)).statusCode).toBe(403);
    expect((await as(translator, 'GET', `/api/admin/consultations/${consultationId}/notes`)).statusCode).toBe(403);
    expect((await as(owner, 'GET', '/api/admin/consultations/not-a-uuid/notes')).statusCode).toBe(400);
    expect((await as(other, 'GET', `/api/admin/clients/${other.user.id}/notes`)).statusCode).toBe(403);

    const archive = gunzipSync((await as(other, 'GET', '/api/profile/export')).rawPayload).toString('utf8');
    expect(archive).toContain(other.user.email);
    expect(archive).not.toContain('ZK5');

    const erased = await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: other.password, isConfirmed: true }, headers: { cookie: other.cookie } });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    // The paid consultation is kept, emptied, for its payment: its notes go all the same.
    expect(await t.database.db.select().from(staffNotes).where(eq(staffNotes.consultationId, consultationId))).toEqual([]);
    expect(await t.database.db.select().from(staffNotes).where(eq(staffNotes.clientId, other.user.id))).toEqual([]);
  });
});
