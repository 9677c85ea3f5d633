import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '#server/db/schema/index.ts';
import { createAccount, createStaffTeam, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';

describe('cases: who handles a case', () => {
  let t: TestApp;
  let client: TestAccount;
  let owner: TestAccount;
  let lawyer: TestAccount;
  let reception: TestAccount;
  let translator: TestAccount;
  let accounting: TestAccount;
  let caseId: number;
  let otherCaseId: number;

  const as = (account: TestAccount, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
  const mailsTo = async (email: string) => {
    const result = (await t.database.db.execute(sql`select subject from mail_outbox where recipient = ${email}`)) as unknown as { rows?: { subject: string }[] } | { subject: string }[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  };
  const listed = async (account: TestAccount, assigned: string) => {
    const response = await as(account, 'GET', `/api/admin/cases?assigned=${assigned}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { id: number }[] }>().items.map((row) => row.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    ({ owner, lawyer, reception, translator, accounting } = await createStaffTeam(t));
    caseId = await createPaidCase(t.app, client);
    otherCaseId = await createPaidCase(t.app, client);
  });
  afterAll(() => t.close());

  it('assigns a case to a lawyer: audited with before and after, mailed once to the new assignee, listed as theirs', async () => {
    const assigned = await as(reception, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: lawyer.user.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toEqual({ assigneeId: lawyer.user.id });
    // The same assignment again changes nothing: no second audit row, no second mail.
    expect((await as(reception, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: lawyer.user.id })).statusCode).toBe(200);

    const toLawyer = await mailsTo(lawyer.user.email);
    expect(toLawyer).toHaveLength(1);
    expect(toLawyer[0]?.subject).toContain('Rafa Gil');
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'CASE_ASSIGN'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: reception.user.id, targetId: String(caseId), details: { from: null, to: lawyer.user.id } });

    const panel = await as(client, 'GET', '/api/cases');
    const handlers = panel.json<{ id: number; handler: { name: string } | null }[]>().map((row) => [row.id, row.handler?.name ?? null]);
    expect(handlers).toEqual(expect.arrayContaining([[caseId, 'Lucía Pérez'], [otherCaseId, null]]));
    expect(await listed(lawyer, 'mine')).toEqual([caseId]);
    expect(await listed(lawyer, 'unassigned')).toEqual([otherCaseId]);
    expect((await as(lawyer, 'GET', '/api/admin/cases?assigned=all')).statusCode).toBe(400);
  });

  it('reassigns and sends back to the unassigned queue, each audited; the new assignee is mailed', async () => {
    expect((await as(lawyer, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: owner.user.id })).statusCode).toBe(200);
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    expect((await as(owner, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: null })).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'CASE_ASSIGN'));
    expect(audit.map((row) => row.details)).toEqual([
      { from: null, to: lawyer.user.id },
      { from: lawyer.user.id, to: owner.user.id },
      { from: owner.user.id, to: null },
    ]);
    expect(await listed(owner, 'unassigned')).toEqual(expect.arrayContaining([caseId, otherCaseId]));
  });

  it('mails the new assignee in the language they use', async () => {
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, accounting.user.id));
    expect((await as(owner, 'PUT', `/api/admin/cases/${otherCaseId}/assignee`, { assigneeId: accounting.user.id })).statusCode).toBe(200);
    expect((await mailsTo(accounting.user.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Olga Martín vous a attribué le dossier EXP-/)]);
    expect((await as(owner, 'PUT', `/api/admin/cases/${otherCaseId}/assignee`, { assigneeId: null })).statusCode).toBe(200);
  });

  it("mails a client's message to whoever handles the case, and to the firm's inbox while nobody does", async () => {
    const firmInbox = t.app.config.mail.firmInbox;
    const inboxBefore = (await mailsTo(firmInbox)).length;
    expect((await as(owner, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: lawyer.user.id })).statusCode).toBe(200);
    const toLawyerBefore = (await mailsTo(lawyer.user.email)).length;
    expect((await as(client, 'POST', `/api/cases/${caseId}/messages`, { body: 'Ya tengo el certificado.' })).statusCode).toBe(201);
    expect(await mailsTo(lawyer.user.email)).toHaveLength(toLawyerBefore + 1);
    expect(await mailsTo(firmInbox)).toHaveLength(inboxBefore);

    expect((await as(client, 'POST', `/api/cases/${otherCaseId}/messages`, { body: '¿Cómo va lo mío?' })).statusCode).toBe(201);
    expect(await mailsTo(firmInbox)).toHaveLength(inboxBefore + 1);
    expect(await mailsTo(lawyer.user.email)).toHaveLength(toLawyerBefore + 1);
  });

  it('offers the active staff who may read cases as assignees', async () => {
    const choices = await as(reception, 'GET', '/api/admin/case-assignees');
    expect(choices.statusCode).toBe(200);
    const names = choices.json<{ name: string }[]>().map((choice) => choice.name);
    expect(names).toEqual(expect.arrayContaining(['Olga Martín', 'Lucía Pérez', 'Rafa Gil', 'Ana Sanz']));
    expect(names).not.toContain('Tomás Ruiz');
    expect((await as(translator, 'GET', '/api/admin/case-assignees')).statusCode).toBe(403);
  });

  it('refuses the roles that may not share out cases, a client, an assignee who may not read cases, and an unknown case', async () => {
    for (const account of [translator, accounting, client]) {
      expect((await as(account, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: lawyer.user.id })).statusCode).toBe(403);
    }
    expect((await as(owner, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: translator.user.id })).statusCode).toBe(400);
    expect((await as(owner, 'PUT', `/api/admin/cases/${caseId}/assignee`, { assigneeId: client.user.id })).statusCode).toBe(400);
    expect((await as(owner, 'PUT', '/api/admin/cases/2147483000/assignee', { assigneeId: lawyer.user.id })).statusCode).toBe(404);
  });
});
