import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { firmDay } from '#common/dates.ts';
import { addDays } from '#common/deadlines/deadline-rules.ts';
import type { TodayItem, TodayList } from '#common/today/today.contract.ts';
import { agendaEvents, caseDeadlines, caseDocumentRequests, cases, contactFormSubmissions } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';

describe('GET /api/admin/today', () => {
  let t: TestApp;
  let owner: TestAccount;
  let lawyer: TestAccount;
  let otherLawyer: TestAccount;
  let reception: TestAccount;
  let translator: TestAccount;
  let accounting: TestAccount;
  let client: TestAccount;
  let mineCase: number;
  let theirCase: number;
  let openCase: number;
  const today = firmDay(new Date());

  const today_ = async (account: TestAccount, scope?: 'firm') => {
    const response = await t.app.inject({ url: `/api/admin/today${scope ? `?scope=${scope}` : ''}`, headers: { cookie: account.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TodayList>();
  };
  /** Each item as `kind caseId`, or `kind title` for one without a case. */
  const named = (items: TodayItem[]) => items.map((item) => `${item.kind} ${item.caseId ?? item.title}`).sort();
  const groupOf = (list: TodayList, assigneeId: string | null) => list.groups.find((group) => (group.assignee?.id ?? null) === assigneeId);

  /** A case's first document request, sent by the client and waiting for review. */
  async function receiveFirstRequest(caseId: number) {
    const [request] = await t.database.db.select({ id: caseDocumentRequests.id }).from(caseDocumentRequests).where(eq(caseDocumentRequests.caseId, caseId)).limit(1);
    await t.database.db.update(caseDocumentRequests).set({ status: 'received' }).where(eq(caseDocumentRequests.id, request!.id));
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createAccount(t, { role: 'owner', firstName: 'Olga', lastName: 'Martín' });
    lawyer = await createAccount(t, { role: 'lawyer', firstName: 'Lucía', lastName: 'Pérez' });
    otherLawyer = await createAccount(t, { role: 'lawyer', firstName: 'Javier', lastName: 'Soler' });
    reception = await createAccount(t, { role: 'reception', firstName: 'Rafa', lastName: 'Gil' });
    translator = await createAccount(t, { role: 'translator', firstName: 'Tomás', lastName: 'Ruiz' });
    accounting = await createAccount(t, { role: 'accounting', firstName: 'Ana', lastName: 'Sanz' });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    mineCase = await createPaidCase(t.app, client);
    theirCase = await createPaidCase(t.app, client);
    openCase = await createPaidCase(t.app, client);
    const { db } = t.database;
    await db.update(cases).set({ assigneeId: lawyer.user.id }).where(eq(cases.id, mineCase));
    await db.update(cases).set({ assigneeId: otherLawyer.user.id }).where(eq(cases.id, theirCase));
    for (const caseId of [mineCase, theirCase, openCase]) await receiveFirstRequest(caseId);
    const deadline = (caseId: number, dueDate: string, doneAt: Date | null = null) => ({ caseId, kind: 'tie' as const, startDate: addDays(dueDate, -30), dueDate, doneAt });
    await db.insert(caseDeadlines).values([
      deadline(mineCase, addDays(today, 2)),
      // Beyond the week, and done: not today's work.
      deadline(mineCase, addDays(today, 20)),
      deadline(mineCase, addDays(today, 1), new Date()),
      deadline(theirCase, addDays(today, 3)),
      deadline(openCase, addDays(today, -2)),
    ]);
    await db.insert(agendaEvents).values([
      { adminId: lawyer.user.id, date: today, time: '10:30', title: 'Llamar a la Subdelegación' },
      { adminId: lawyer.user.id, date: addDays(today, 1), title: 'Mañana' },
      { adminId: otherLawyer.user.id, date: today, title: 'Notaría' },
    ]);
    // A contact request from a month ago: its answer is overdue, and nobody has it.
    await db.insert(contactFormSubmissions).values({ name: 'Pierre Durand', email: 'pierre@example.com', message: 'Hola', privacyConsentedAt: new Date(), privacyPolicyVersion: '1', createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
  });
  afterAll(() => t.close());

  it("lists a lawyer's own case work (the upload to review, the week's deadline, today's event), not another lawyer's, each one click from its page", async () => {
    const list = await today_(lawyer);
    expect(list.scope).toBe('mine');
    expect(list.today).toBe(today);
    const mine = groupOf(list, lawyer.user.id)!;
    expect(mine.assignee).toEqual({ id: lawyer.user.id, name: 'Lucía Pérez' });
    expect(named(mine.items)).toEqual([`deadline ${mineCase}`, `document ${mineCase}`, 'event Llamar a la Subdelegación']);
    const document = mine.items.find((item) => item.kind === 'document')!;
    expect(document).toMatchObject({ title: 'Amina Diallo', href: `/admin/expedientes/${caseDisplayId(mineCase)}`, isOverdue: false });
    expect(document.detail).not.toBe('');
    expect(mine.items.find((item) => item.kind === 'event')).toMatchObject({ time: '10:30', href: '/admin?tab=agenda' });
    expect(list.groups.flatMap((group) => group.items).some((item) => item.caseId === theirCase)).toBe(false);
    expect(list.loads).toEqual([]);
  });

  it('shows the unassigned work to the roles that may take it: the lawyer the case work and the overdue reply, reception only what reception does', async () => {
    const forLawyer = groupOf(await today_(lawyer), null)!;
    expect(named(forLawyer.items)).toEqual(['contact Pierre Durand', `deadline ${openCase}`, `document ${openCase}`, `newCase ${openCase}`]);
    expect(forLawyer.items.find((item) => item.kind === 'deadline')?.isOverdue).toBe(true);
    expect(forLawyer.items.find((item) => item.kind === 'contact')).toMatchObject({ isOverdue: true, detail: 'contact', href: '/admin?tab=contacto&q=Pierre+Durand' });

    const forReception = await today_(reception);
    expect(groupOf(forReception, reception.user.id)?.items).toEqual([]);
    expect(named(groupOf(forReception, null)!.items)).toEqual(['contact Pierre Durand', `newCase ${openCase}`]);
  });

  it('shows the translator and accounting none of the case work they cannot do', async () => {
    for (const account of [translator, accounting]) {
      const list = await today_(account);
      expect(list.groups.flatMap((group) => group.items)).toEqual([]);
    }
  });

  it("gives the owner the whole firm's list by person, with each person's load", async () => {
    const mineOnly = await today_(owner);
    expect(groupOf(mineOnly, owner.user.id)?.items).toEqual([]);
    expect(groupOf(mineOnly, null)?.items).toHaveLength(4);

    const firm = await today_(owner, 'firm');
    expect(firm.scope).toBe('firm');
    expect(named(groupOf(firm, lawyer.user.id)!.items)).toEqual([`deadline ${mineCase}`, `document ${mineCase}`, 'event Llamar a la Subdelegación']);
    expect(named(groupOf(firm, otherLawyer.user.id)!.items)).toEqual([`deadline ${theirCase}`, `document ${theirCase}`, 'event Notaría']);
    const load = (assigneeId: string | null) => firm.loads.find((row) => (row.assignee?.id ?? null) === assigneeId);
    expect(load(lawyer.user.id)).toEqual({
      assignee: { id: lawyer.user.id, name: 'Lucía Pérez' },
      counts: { replies: 0, quotes: 0, deadlines: 1, documents: 1, agenda: 1, newWork: 0 },
      overdue: 0,
      total: 3,
    });
    expect(load(null)).toMatchObject({ counts: { replies: 1, quotes: 0, deadlines: 1, documents: 1, agenda: 0, newWork: 1 }, overdue: 2, total: 4 });
    // Everyone on the staff has a load, even an empty one.
    expect(load(translator.user.id)?.total).toBe(0);
    expect(firm.loads.some((row) => row.assignee?.id === client.user.id)).toBe(false);
  });

  it("refuses the firm's list to whoever may not see the team, and the list to clients (403) and anonymous visitors (401)", async () => {
    for (const account of [lawyer, reception]) {
      const refused = await t.app.inject({ url: '/api/admin/today?scope=firm', headers: { cookie: account.cookie } });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/today?scope=all', headers: { cookie: owner.cookie } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/today', headers: { cookie: client.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/today' })).statusCode).toBe(401);
  });

  it('drops a document once reviewed and a deadline once done', async () => {
    const { db } = t.database;
    await db.update(caseDocumentRequests).set({ status: 'accepted' }).where(and(eq(caseDocumentRequests.caseId, mineCase), eq(caseDocumentRequests.status, 'received')));
    await db.update(caseDeadlines).set({ doneAt: new Date() }).where(eq(caseDeadlines.caseId, mineCase));
    expect(named(groupOf(await today_(lawyer), lawyer.user.id)!.items)).toEqual(['event Llamar a la Subdelegación']);
  });
});
