import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  chatConversations,
  consultations,
  contactFormSubmissions,
  generalChatMessages,
  quotes,
  translationRequests,
  users,
} from '#server/db/schema/index.ts';
import { createAccount, createStaffTeam, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

/**
 * Who handles the work besides cases (issue 29): each kind is assigned, reassigned and sent back
 * to the unassigned queue by whoever shares it out, only to an active staff member whose role does
 * that work; each change is audited with before and after and mailed to the new assignee, and
 * each list filters mine / unassigned.
 */
describe('assignees: consultations, quotes, translation requests, contact requests and chat conversations', () => {
  let t: TestApp;
  let client: TestAccount;
  let owner: TestAccount;
  let lawyer: TestAccount;
  let reception: TestAccount;
  let translator: TestAccount;
  let accounting: TestAccount;
  let gone: TestAccount;
  const consent = { privacyConsentedAt: new Date(), privacyPolicyVersion: '2026-01' };

  const as = (account: TestAccount, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
  const assign = (account: TestAccount, url: string, assigneeId: string | null) => as(account, 'PUT', url, { assigneeId });
  const mailsTo = async (email: string) => {
    const result = (await t.database.db.execute(sql`select subject from mail_outbox where recipient = ${email} order by created_at`)) as unknown as
      | { rows?: { subject: string }[] }
      | { subject: string }[];
    return (Array.isArray(result) ? result : (result.rows ?? [])).map((row) => row.subject);
  };
  const listed = async (account: TestAccount, list: string, assigned: 'mine' | 'unassigned') => {
    const response = await as(account, 'GET', `/api/admin/${list}?assigned=${assigned}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { id: string; conversationId?: string; assigneeId: string | null }[] }>().items;
  };
  const auditOf = async (targetId: string) =>
    (await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId))).filter((row) => row.action === 'ASSIGN');

  const newContact = async (name: string) =>
    (await t.database.db.insert(contactFormSubmissions).values({ name, email: 'fatima@example.com', message: 'Hola.', ...consent }).returning())[0]!.id;
  const newTranslationRequest = async (name: string) =>
    (await t.database.db.insert(translationRequests).values({ name, email: 'luc@example.com', isSworn: true, ...consent }).returning())[0]!.id;
  const newConsultation = async (name: string) =>
    (await t.database.db.insert(consultations).values({ consultationType: 'expatriacion', details: { name, email: 'jean@example.com' } }).returning())[0]!.id;
  const newQuote = async (kind: 'case' | 'translation', name: string) =>
    (await t.database.db.insert(quotes).values({ kind, status: 'requested', name, email: 'quote@example.com', language: 'es' }).returning())[0]!.id;
  const newConversation = async (name: string) => {
    const [conversation] = await t.database.db.insert(chatConversations).values({ tokenHash: `hash-${name}-${Math.random()}` }).returning();
    await t.database.db.insert(generalChatMessages).values({ conversationId: conversation!.id, senderName: name, senderEmail: 'visit@example.com', messageText: '¿Hola?' });
    return conversation!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    ({ owner, lawyer, reception, translator, accounting } = await createStaffTeam(t));
    gone = await createAccount(t, { role: 'lawyer', firstName: 'Gema', lastName: 'Vidal' });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/staff/${gone.user.id}/deactivate`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    // The translator reads the back office in French: their mails come in French.
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, translator.user.id));
  });
  afterAll(() => t.close());

  it('a contact request: reception assigns it to a lawyer, audited with before and after, mailed once, listed as theirs', async () => {
    const id = await newContact('Fatima Benali');
    const other = await newContact('Karim Haddad');
    const url = `/api/admin/contact-requests/${id}/assignee`;
    const done = await assign(reception, url, lawyer.user.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ assigneeId: lawyer.user.id });
    // The same assignment again changes nothing: no second audit row, no second mail.
    expect((await assign(reception, url, lawyer.user.id)).statusCode).toBe(200);

    expect(await mailsTo(lawyer.user.email)).toEqual(['Rafa Gil le ha asignado el mensaje de contacto de Fatima Benali']);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: reception.user.id, targetTable: 'contact_form_submissions', details: { from: null, to: lawyer.user.id, name: 'Fatima Benali' } });

    const mine = await listed(lawyer, 'contact-requests', 'mine');
    expect(mine.map((row) => [row.id, row.assigneeId])).toEqual([[id, lawyer.user.id]]);
    const unassigned = (await listed(lawyer, 'contact-requests', 'unassigned')).map((row) => row.id);
    expect(unassigned).toContain(other);
    expect(unassigned).not.toContain(id);

    // Reassigned, then sent back to the queue: each audited; the new assignee is mailed.
    expect((await assign(lawyer, url, owner.user.id)).statusCode).toBe(200);
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    expect((await assign(owner, url, null)).statusCode).toBe(200);
    expect((await auditOf(id)).map((row) => row.details)).toEqual([
      { from: null, to: lawyer.user.id, name: 'Fatima Benali' },
      { from: lawyer.user.id, to: owner.user.id, name: 'Fatima Benali' },
      { from: owner.user.id, to: null, name: 'Fatima Benali' },
    ]);
    expect((await listed(owner, 'contact-requests', 'unassigned')).map((row) => row.id)).toContain(id);
  });

  it('a contact request: refuses the roles that do not work contact, an assignee whose role does not, an inactive one, a client and an unknown request', async () => {
    const id = await newContact('Lina Haddad');
    const url = `/api/admin/contact-requests/${id}/assignee`;
    for (const account of [translator, accounting, client]) expect((await assign(account, url, lawyer.user.id)).statusCode).toBe(403);
    for (const assignee of [translator, accounting, gone, client]) {
      const refused = await assign(owner, url, assignee.user.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation', message: 'Elija a un miembro activo del equipo cuyo puesto lleve este trabajo.' });
    }
    expect((await assign(owner, url, 'no-such-account')).statusCode).toBe(400);
    expect((await assign(owner, '/api/admin/contact-requests/00000000-0000-4000-8000-000000000000/assignee', lawyer.user.id)).statusCode).toBe(404);
    expect(await auditOf(id)).toEqual([]);
  });

  it('a translation request goes to a translator (mailed in their language), shared out by reception; never to a lawyer', async () => {
    const id = await newTranslationRequest('Jean Dupont');
    const url = `/api/admin/translation-requests/${id}/assignee`;
    expect((await assign(reception, url, translator.user.id)).statusCode).toBe(200);
    expect(await mailsTo(translator.user.email)).toEqual(['Rafa Gil vous a attribué la demande de traduction de Jean Dupont']);
    expect((await auditOf(id))[0]).toMatchObject({ targetTable: 'translation_requests', details: { from: null, to: translator.user.id, name: 'Jean Dupont' } });
    expect((await listed(translator, 'translation-requests', 'mine')).map((row) => row.id)).toEqual([id]);

    expect((await assign(reception, url, lawyer.user.id)).statusCode).toBe(400);
    expect((await assign(reception, url, reception.user.id)).statusCode).toBe(400);
    for (const account of [lawyer, accounting]) expect((await assign(account, url, translator.user.id)).statusCode).toBe(403);
  });

  it('a consultation goes to a lawyer or reception, shared out by either; not to a translator or accounting', async () => {
    const id = await newConsultation('Marie Curie');
    const url = `/api/admin/consultations/${id}/assignee`;
    expect((await assign(lawyer, url, reception.user.id)).statusCode).toBe(200);
    expect(await mailsTo(reception.user.email)).toEqual(['Lucía Pérez le ha asignado la consulta de Marie Curie']);
    expect((await auditOf(id))[0]).toMatchObject({ targetTable: 'consultations', details: { from: null, to: reception.user.id, name: 'Marie Curie' } });
    expect((await listed(reception, 'consultations', 'mine')).map((row) => row.id)).toEqual([id]);
    expect((await listed(reception, 'consultations', 'unassigned')).map((row) => row.id)).not.toContain(id);
    // Assigning oneself mails nobody.
    expect((await assign(lawyer, url, lawyer.user.id)).statusCode).toBe(200);
    expect(await mailsTo(lawyer.user.email)).not.toContain('Lucía Pérez le ha asignado la consulta de Marie Curie');

    for (const assignee of [translator, accounting, gone]) expect((await assign(lawyer, url, assignee.user.id)).statusCode).toBe(400);
    for (const account of [translator, accounting]) expect((await assign(account, url, lawyer.user.id)).statusCode).toBe(403);
  });

  it('a quote goes by its kind: a case quote to the lawyers, a translation quote to the translators, each shared out only by them', async () => {
    const caseQuote = await newQuote('case', 'Omar Said');
    const translationQuote = await newQuote('translation', 'Ivana Petrova');
    expect((await assign(lawyer, `/api/admin/quotes/${caseQuote}/assignee`, lawyer.user.id)).statusCode).toBe(200);
    expect((await assign(lawyer, `/api/admin/quotes/${caseQuote}/assignee`, translator.user.id)).statusCode).toBe(400);
    expect((await assign(translator, `/api/admin/quotes/${caseQuote}/assignee`, lawyer.user.id)).statusCode).toBe(403);

    expect((await assign(translator, `/api/admin/quotes/${translationQuote}/assignee`, translator.user.id)).statusCode).toBe(200);
    expect((await assign(owner, `/api/admin/quotes/${translationQuote}/assignee`, lawyer.user.id)).statusCode).toBe(400);
    expect((await assign(lawyer, `/api/admin/quotes/${translationQuote}/assignee`, translator.user.id)).statusCode).toBe(403);
    expect((await assign(owner, `/api/admin/quotes/${translationQuote}/assignee`, owner.user.id)).statusCode).toBe(200);
    expect(await mailsTo(owner.user.email)).not.toContain('Olga Martín le ha asignado el presupuesto de traducción de Ivana Petrova');
    expect((await auditOf(translationQuote)).map((row) => row.details)).toEqual([
      { from: null, to: translator.user.id, name: 'Ivana Petrova' },
      { from: translator.user.id, to: owner.user.id, name: 'Ivana Petrova' },
    ]);
    expect((await listed(lawyer, 'quotes', 'mine')).map((row) => row.id)).toEqual([caseQuote]);
    expect((await listed(translator, 'quotes', 'unassigned')).map((row) => row.id)).not.toContain(translationQuote);
    expect((await as(accounting, 'PUT', `/api/admin/quotes/${caseQuote}/assignee`, { assigneeId: null })).statusCode).toBe(403);
  });

  it('a chat conversation goes to the front desk; every message of it lists as the assignee’s', async () => {
    const id = await newConversation('Visitante');
    expect((await assign(reception, `/api/admin/chat/conversations/${id}/assignee`, lawyer.user.id)).statusCode).toBe(200);
    expect(await mailsTo(lawyer.user.email)).toContain('Rafa Gil le ha asignado la conversación del chat con Visitante');
    expect((await auditOf(id))[0]).toMatchObject({ targetTable: 'chat_conversations', details: { from: null, to: lawyer.user.id, name: 'Visitante' } });
    const mine = await listed(lawyer, 'chat/messages', 'mine');
    expect(mine.map((row) => [row.conversationId, row.assigneeId])).toEqual([[id, lawyer.user.id]]);
    expect((await listed(lawyer, 'chat/messages', 'unassigned')).map((row) => row.conversationId)).not.toContain(id);
    expect((await assign(reception, `/api/admin/chat/conversations/${id}/assignee`, translator.user.id)).statusCode).toBe(400);
    expect((await assign(translator, `/api/admin/chat/conversations/${id}/assignee`, lawyer.user.id)).statusCode).toBe(403);
  });

  it("puts an assigned request in its assignee's \"Hoy\" list, and an unassigned one in the queue of every role that may take it", async () => {
    const monthAgo = new Date(Date.now() - 30 * 24 * 3600_000);
    const insert = async (name: string) =>
      (await t.database.db.insert(contactFormSubmissions).values({ name, email: 'old@example.com', message: 'Hola.', ...consent, createdAt: monthAgo }).returning())[0]!.id;
    const assignedId = await insert('Pierre Durand');
    const waitingId = await insert('Nadia Amrani');
    expect((await assign(reception, `/api/admin/contact-requests/${assignedId}/assignee`, lawyer.user.id)).statusCode).toBe(200);
    const today = async (account: TestAccount) => {
      const response = await as(account, 'GET', '/api/admin/today');
      expect(response.statusCode, response.body).toBe(200);
      const groups = response.json<{ groups: { assignee: { id: string } | null; items: { kind: string; id: string }[] }[] }>().groups;
      const ids = (assigneeId: string | null) => (groups.find((group) => (group.assignee?.id ?? null) === assigneeId)?.items ?? []).filter((item) => item.kind === 'contact').map((item) => item.id);
      return { mine: ids(account.user.id), unassigned: ids(null) };
    };
    const ofLawyer = await today(lawyer);
    expect(ofLawyer.mine).toContain(assignedId);
    expect(ofLawyer.unassigned).toContain(waitingId);
    expect(ofLawyer.unassigned).not.toContain(assignedId);
    const ofReception = await today(reception);
    expect([...ofReception.mine, ...ofReception.unassigned]).not.toContain(assignedId);
    expect(ofReception.unassigned).toContain(waitingId);
  });

  it('lists a case quote waiting for its price in "Hoy": unassigned for the lawyers, then as its assignee’s; never for a translator', async () => {
    const quoteId = await newQuote('case', 'Hugo Leroy');
    const quotesOf = async (account: TestAccount) => {
      const response = await as(account, 'GET', '/api/admin/today');
      expect(response.statusCode, response.body).toBe(200);
      const groups = response.json<{ groups: { assignee: { id: string } | null; items: { kind: string; id: string; title: string }[] }[] }>().groups;
      const ids = (assigneeId: string | null) => (groups.find((group) => (group.assignee?.id ?? null) === assigneeId)?.items ?? []).filter((item) => item.kind === 'quote').map((item) => item.id);
      return { mine: ids(account.user.id), unassigned: ids(null) };
    };
    expect((await quotesOf(lawyer)).unassigned).toContain(quoteId);
    expect(await quotesOf(translator)).toEqual({ mine: [], unassigned: [] });
    expect((await assign(owner, `/api/admin/quotes/${quoteId}/assignee`, lawyer.user.id)).statusCode).toBe(200);
    const ofLawyer = await quotesOf(lawyer);
    expect(ofLawyer.mine).toContain(quoteId);
    expect(ofLawyer.unassigned).not.toContain(quoteId);
    const ofOwner = await quotesOf(owner);
    expect([...ofOwner.mine, ...ofOwner.unassigned]).not.toContain(quoteId);
  });

  it('offers, for each kind, the active staff whose role does its work, to whoever shares it out', async () => {
    const names = async (account: TestAccount, kind: string) => {
      const response = await as(account, 'GET', `/api/admin/assignees/${kind}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ name: string }[]>().map((choice) => choice.name);
    };
    expect(await names(reception, 'translation-requests')).toEqual(['Olga Martín', 'Tomás Ruiz']);
    expect(await names(reception, 'contact-requests')).toEqual(['Rafa Gil', 'Olga Martín', 'Lucía Pérez']);
    expect(await names(lawyer, 'case-quotes')).toEqual(['Olga Martín', 'Lucía Pérez']);
    expect(await names(translator, 'translation-quotes')).toEqual(['Olga Martín', 'Tomás Ruiz']);
    expect((await as(translator, 'GET', '/api/admin/assignees/case-quotes')).statusCode).toBe(403);
    expect((await as(translator, 'GET', '/api/admin/assignees/chat')).statusCode).toBe(403);
    expect((await as(accounting, 'GET', '/api/admin/assignees/case-quotes')).statusCode).toBe(403);
    expect((await as(owner, 'GET', '/api/admin/assignees/cases')).statusCode).toBe(400);
    expect((await as(lawyer, 'GET', '/api/admin/contact-requests?assigned=all')).statusCode).toBe(400);
  });

  it("keeps a chat conversation's assignment in the audit log without the visitor's name once they erase their account", async () => {
    const leaving = await createAccount(t, { firstName: 'Yara', lastName: 'Nour' });
    const [conversation] = await t.database.db.insert(chatConversations).values({ userId: leaving.user.id }).returning();
    await t.database.db.insert(generalChatMessages).values({ conversationId: conversation!.id, senderName: 'Yara Nour', senderEmail: leaving.user.email, messageText: 'Hola' });
    expect((await assign(reception, `/api/admin/chat/conversations/${conversation!.id}/assignee`, lawyer.user.id)).statusCode).toBe(200);
    expect((await auditOf(conversation!.id))[0]?.details).toMatchObject({ name: 'Yara Nour' });
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: leaving.password, isConfirmed: true }, headers: { cookie: leaving.cookie } });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect((await auditOf(conversation!.id))[0]?.details).toEqual({ from: null, to: lawyer.user.id });
  });
});
