import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, sessions } from '#server/db/schema/index.ts';
import { createAccount, setUpTwoFactor, signInAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase, createPaidExpressConsultation } from '#server/test/factories.ts';

let t: TestApp;
let owner: TestAccount;

const as = (account: { cookie: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

/** The invitation link's secret, read from the mail the outbox keeps for the address. */
async function mailedInvitation(email: string): Promise<{ subject: string; text: string; token: string }> {
  const result = (await t.database.db.execute(sql`select subject, text_body as text from mail_outbox where recipient = ${email} order by created_at desc limit 1`)) as unknown as {
    rows: { subject: string; text: string }[];
  };
  const mail = result.rows[0];
  const token = mail ? /\/equipo\/invitacion\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  if (!mail || !token) throw new Error(`no invitation mailed to ${email}`);
  return { ...mail, token };
}

const auditOf = (targetId: string) => t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId));

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccount(t, { role: 'owner', firstName: 'Marta', lastName: 'Ruiz' });
}, 60_000);
afterAll(() => t?.close());

describe('staff invitations', () => {
  it('mails the invitation in the language chosen; the link makes a lawyer who must set up the second factor, then sees only what a lawyer may', async () => {
    const email = `abogada-${Date.now()}@example.com`;
    const invited = await as(owner, 'POST', '/api/admin/staff/invitations', { email, role: 'lawyer', language: 'fr' });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await mailedInvitation(email);
    expect(mail.subject).toContain('vous invite');
    expect(mail.text).toContain('/fr/equipo/invitacion/');
    const [inviteAudit] = await auditOf(invited.json<{ id: string }>().id);
    expect(inviteAudit).toMatchObject({ action: 'STAFF_INVITE', details: { email, from: null, to: 'lawyer' } });

    const view = await t.app.inject({ method: 'GET', url: `/api/staff-invitations/${mail.token}` });
    expect(view.json()).toEqual({ email, role: 'lawyer' });
    const password = 'Elche-Abogada-Clave-2026!';
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${mail.token}/accept`,
      payload: { firstName: 'Lucía', lastName: 'Ortega', phone: '+34 600 111 222', password },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    // The link works once.
    const again = await t.app.inject({ method: 'POST', url: `/api/staff-invitations/${mail.token}/accept`, payload: { firstName: 'X', lastName: 'Y', phone: '+34 600 111 222', password } });
    expect(again.statusCode).toBe(404);

    const cookie = await signInAccount(t.app, { user: { email }, password });
    const before = await t.app.inject({ method: 'GET', url: '/api/admin/cases', headers: { cookie } });
    expect(before.json<{ code: string }>().code).toBe('twoFactorRequired');
    const lawyer = { cookie: (await setUpTwoFactor(t.app, cookie, password)).cookie };
    expect((await as(lawyer, 'GET', '/api/admin/cases')).statusCode).toBe(200);
    expect((await as(lawyer, 'GET', '/api/admin/deadlines')).statusCode).toBe(200);
    for (const url of ['/api/admin/payments', '/api/admin/services', '/api/admin/staff', '/api/admin/audit', '/api/admin/setup-check']) {
      const refused = await as(lawyer, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
    }
    const session = await as(lawyer, 'GET', '/api/account/session');
    expect(session.json()).toMatchObject({ user: { email, role: 'lawyer', isTwoFactorSetupRequired: false } });
  });

  it('refuses an address that already has an account, a withdrawn link and anyone but the owner', async () => {
    const client = await createAccount(t);
    const taken = await as(owner, 'POST', '/api/admin/staff/invitations', { email: client.user.email, role: 'reception', language: 'es' });
    expect(taken.statusCode).toBe(409);

    const email = `retirada-${Date.now()}@example.com`;
    const invited = await as(owner, 'POST', '/api/admin/staff/invitations', { email, role: 'translator', language: 'es' });
    const { token } = await mailedInvitation(email);
    expect((await as(owner, 'DELETE', `/api/admin/staff/invitations/${invited.json<{ id: string }>().id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff-invitations/${token}` })).statusCode).toBe(404);

    for (const role of ['lawyer', 'reception', 'translator', 'accounting'] as const) {
      const staff = await createAccount(t, { role });
      const refused = await as(staff, 'POST', '/api/admin/staff/invitations', { email: `otra-${role}@example.com`, role: 'owner', language: 'es' });
      expect(refused.statusCode, role).toBe(403);
    }
    expect((await as(client, 'GET', '/api/admin/staff')).statusCode).toBe(403);
  });
});

describe('role changes and deactivation', () => {
  it('changes a role at once (audited with before and after), never the owner’s own', async () => {
    const person = await createAccount(t, { role: 'reception' });
    expect((await as(person, 'GET', '/api/admin/payments')).statusCode).toBe(403);
    expect((await as(owner, 'PUT', `/api/admin/staff/${person.user.id}/role`, { role: 'accounting' })).statusCode).toBe(204);
    // The same session acts in the new role on its next request.
    expect((await as(person, 'GET', '/api/admin/payments')).statusCode).toBe(200);
    expect((await as(person, 'GET', '/api/admin/chat/messages')).statusCode).toBe(403);
    const [entry] = await auditOf(person.user.id);
    expect(entry).toMatchObject({ action: 'ROLE_CHANGE', adminId: owner.user.id, details: { from: 'reception', to: 'accounting' } });
    expect((await as(owner, 'PUT', `/api/admin/staff/${owner.user.id}/role`, { role: 'lawyer' })).statusCode).toBe(403);
    const overview = await as(owner, 'GET', '/api/admin/staff');
    expect(overview.json<{ members: { id: string; role: string }[] }>().members).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: person.user.id, role: 'accounting' }), expect.objectContaining({ id: owner.user.id, role: 'owner' })]),
    );
  });

  it('ends every session of a deactivated person at once, and lets none begin', async () => {
    const person = await createAccount(t, { role: 'lawyer' });
    const secondDevice = await signInAccount(t.app, person);
    expect((await as(person, 'GET', '/api/admin/cases')).statusCode).toBe(200);
    expect((await as(owner, 'POST', `/api/admin/staff/${person.user.id}/deactivate`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);
    expect((await as(person, 'GET', '/api/admin/cases')).statusCode).toBe(401);
    expect((await as({ cookie: secondDevice }, 'GET', '/api/profile')).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: person.user.email, password: person.password } });
    expect(signIn.statusCode).toBe(401);
    const [entry] = await auditOf(person.user.id);
    expect(entry).toMatchObject({ action: 'STAFF_DEACTIVATE', details: { from: true, to: false, role: 'lawyer' } });
    const overview = await as(owner, 'GET', '/api/admin/staff');
    expect(overview.json<{ members: { id: string; isActive: boolean }[] }>().members.find((member) => member.id === person.user.id)?.isActive).toBe(false);
    expect((await as(owner, 'POST', `/api/admin/staff/${owner.user.id}/deactivate`)).statusCode).toBe(403);
  });

  it('gives the work a deactivated person held back to the unassigned queues, says how much of each kind, and audits it', async () => {
    const person = await createAccount(t, { role: 'lawyer', firstName: 'Pablo' });
    const client = await createAccount(t, { firstName: 'Nadia' });
    const caseId = await createPaidCase(t.app, client);
    const other = await createPaidCase(t.app, client);
    for (const id of [caseId, other]) expect((await as(owner, 'PUT', `/api/admin/cases/${id}/assignee`, { assigneeId: person.user.id })).statusCode).toBe(200);
    const consultationId = await createPaidExpressConsultation(t.app, client);
    expect((await as(owner, 'PUT', `/api/admin/consultations/${consultationId}/assignee`, { assigneeId: person.user.id })).statusCode).toBe(200);

    const deactivated = await as(owner, 'POST', `/api/admin/staff/${person.user.id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toEqual({ released: { cases: 2, consultations: 1, quotes: 0, translationRequests: 0, contactRequests: 0, chats: 0 } });
    const unassigned = await as(owner, 'GET', '/api/admin/cases?assigned=unassigned');
    expect(unassigned.json<{ items: { id: number }[] }>().items.map((row) => row.id)).toEqual(expect.arrayContaining([caseId, other]));
    const [entry] = await auditOf(person.user.id);
    expect(entry).toMatchObject({ action: 'STAFF_DEACTIVATE', details: { released: { cases: 2, consultations: 1 } } });
  });
});
