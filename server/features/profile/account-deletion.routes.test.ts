import { eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLogs,
  caseDocuments,
  caseMessages,
  caseStageChanges,
  cases,
  chatConversations,
  consultationMessages,
  consultations,
  contactFormSubmissions,
  generalChatMessages,
  invoices,
  mailOutbox,
  payments,
  sessions,
  translationRequests,
  twoFactors,
  users,
} from '#server/db/schema/index.ts';
import { verifyInvoiceChain } from '#server/features/invoices/invoices.service.ts';
import { createAccount, setUpTwoFactor, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { givePersonalData, storedFiles, type PersonalData } from '#server/test/personal-data.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

describe('profile: deleting one’s own account (right to erasure)', () => {
  let t: TestApp;
  let ana: TestAccount;
  let omar: TestAccount;
  let admin: TestAccount;
  let anaData: PersonalData;
  let omarData: PersonalData;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createAccount(t, { firstName: 'Ana', lastName: 'Ruiz' });
    omar = await createAccount(t, { firstName: 'Omar', lastName: 'Haddad' });
    admin = await createAccount(t, { role: 'admin', firstName: 'Marta', lastName: 'Ruiz' });
    anaData = await givePersonalData(t, ana, admin, 'ana');
    // Her second factor's secret and backup codes go with the account too.
    ana = { ...ana, cookie: (await setUpTwoFactor(t.app, ana.cookie, ana.password)).cookie };
    omarData = await givePersonalData(t, omar, admin, 'omar');
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const remove = (account: TestAccount, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'DELETE', url: '/api/profile', payload, headers: { cookie: account.cookie, ...headers } });
  const isStored = (content: Buffer) => storedFiles(t).some((file) => file.equals(content));
  /** What the deletion must not change when it is refused: the account, its sign-in, its records and its files. */
  const snapshot = async (account: TestAccount) => ({
    user: (await db().select().from(users).where(eq(users.id, account.user.id)))[0],
    sessions: (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, account.user.id))).length,
    documents: (await db().select({ id: caseDocuments.id }).from(caseDocuments)).length,
    files: storedFiles(t).length,
    audit: (await db().select({ id: auditLogs.id }).from(auditLogs)).length,
  });

  it('is only for a signed-in account', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: 'x', isConfirmed: true } })).statusCode).toBe(401);
  });

  it.each([
    ['no password', { isConfirmed: true }, [{ path: 'password', message: 'Este campo es obligatorio' }]],
    ['no confirmation', { password: 'Elche-Test-Password-2026' }, [{ path: 'isConfirmed', message: 'Marca la casilla para confirmar que quieres eliminar tu cuenta.' }]],
    ['a confirmation that is not a yes', { password: 'Elche-Test-Password-2026', isConfirmed: false }, [{ path: 'isConfirmed', message: 'Marca la casilla para confirmar que quieres eliminar tu cuenta.' }]],
  ])('refuses %s with the field’s message and changes nothing', async (_case, payload, issues) => {
    const before = await snapshot(ana);
    const response = await remove(ana, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(issues);
    expect(await snapshot(ana)).toEqual(before);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const before = await snapshot(ana);
    const response = await remove(ana, { password: 'Not-Her-Password-1', isConfirmed: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'wrongPassword', message: 'La contraseña actual no es correcta.' });
    expect(await snapshot(ana)).toEqual(before);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: ana.cookie } })).statusCode).toBe(200);
  });

  it('refuses a write from another site', async () => {
    expect((await remove(ana, { password: ana.password, isConfirmed: true }, { origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  describe('with the right password', () => {
    let invoicesBefore: number;
    let chainBefore: Awaited<ReturnType<typeof verifyInvoiceChain>>;

    beforeAll(async () => {
      invoicesBefore = (await db().select({ id: invoices.id }).from(invoices)).length;
      chainBefore = await verifyInvoiceChain({ db: db() });
      const response = await remove(ana, { password: ana.password, isConfirmed: true });
      expect(response.statusCode).toBe(204);
      expect(String(response.headers['set-cookie'])).toMatch(/better-auth\.session_token=;.*Max-Age=0/);
    });

    it('erases her documents: the rows and the stored files', async () => {
      for (const file of Object.values(anaData.files)) expect(isStored(file.content)).toBe(false);
      expect(await db().select().from(caseDocuments).where(eq(caseDocuments.caseId, anaData.caseId))).toEqual([]);
      expect(await db().select().from(consultationMessages).where(eq(consultationMessages.consultationId, anaData.consultationId))).toEqual([]);
    });

    it('erases her messages and what she sent with her e-mail', async () => {
      expect(await db().select().from(caseMessages).where(eq(caseMessages.caseId, anaData.caseId))).toEqual([]);
      expect(await db().select().from(caseStageChanges).where(eq(caseStageChanges.caseId, anaData.caseId))).toEqual([]);
      expect(await db().select().from(contactFormSubmissions).where(eq(contactFormSubmissions.email, ana.user.email))).toEqual([]);
      expect(await db().select().from(translationRequests).where(eq(translationRequests.email, ana.user.email))).toEqual([]);
      expect(await db().select().from(generalChatMessages).where(eq(generalChatMessages.senderEmail, ana.user.email))).toEqual([]);
      expect(await db().select().from(chatConversations).where(eq(chatConversations.userId, ana.user.id))).toEqual([]);
      expect(await db().select().from(mailOutbox).where(or(eq(mailOutbox.recipient, ana.user.email), eq(mailOutbox.replyTo, ana.user.email)))).toEqual([]);
    });

    it('anonymises her account, so that nobody can sign in to it again', async () => {
      const [row] = await db().select().from(users).where(eq(users.id, ana.user.id));
      expect(row).toMatchObject({
        name: '',
        firstName: '',
        lastName: '',
        email: `cuenta-eliminada-${ana.user.id}@eliminada.invalid`,
        emailVerified: false,
        phone: '',
        passportNumber: null,
        nie: null,
        address: null,
        dateOfBirth: null,
        role: 'user',
        twoFactorEnabled: false,
      });
      expect(await db().select().from(sessions).where(eq(sessions.userId, ana.user.id))).toEqual([]);
      expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, ana.user.id))).toEqual([]);
      expect(await db().select().from(accounts).where(eq(accounts.userId, ana.user.id))).toEqual([]);
      expect((await t.app.inject({ url: '/api/profile', headers: { cookie: ana.cookie } })).statusCode).toBe(401);
      const signIn = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: ana.user.email, password: ana.password } });
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json().code).toBe('invalidCredentials');
    });

    it('keeps her payments and invoices as issued, and the bare case and consultation they name', async () => {
      const kept = await db().select().from(payments).where(eq(payments.userId, ana.user.id));
      expect(kept.map((payment) => payment.paymentStatus)).toEqual(['paid', 'paid']);
      expect((await db().select({ id: invoices.id }).from(invoices)).length).toBe(invoicesBefore);
      const chain = await verifyInvoiceChain({ db: db() });
      expect(chain).toEqual({ ...chainBefore, problems: [] });
      const invoiced = await db()
        .select({ content: invoices.content })
        .from(invoices)
        .where(inArray(invoices.paymentId, kept.map((payment) => payment.id)));
      expect(invoiced.map(({ content }) => (content as { buyer: { email: string } }).buyer.email)).toEqual([ana.user.email, ana.user.email]);

      const [bareCase] = await db().select().from(cases).where(eq(cases.id, anaData.caseId));
      expect(bareCase).toMatchObject({ userId: ana.user.id, serviceId: 'arraigo', stage: 'reviewing_documents', fileNumber: null });
      const [bareConsultation] = await db().select().from(consultations).where(eq(consultations.id, anaData.consultationId));
      expect(bareConsultation).toMatchObject({ userId: ana.user.id, firmNote: null });
    });

    it('keeps the audit of what was done to her records, without her personal data, and records the deletion with counts only', async () => {
      const rows = await db().select().from(auditLogs);
      const text = JSON.stringify(rows);
      for (const personal of [ana.user.email, 'Ana Ruiz', anaData.texts.stageNote]) expect(text).not.toContain(personal);
      const stageChange = rows.find((row) => row.action === 'STAGE_CHANGE' && row.targetId === String(anaData.caseId));
      expect(stageChange?.details).toEqual({ from: 'awaiting_documents', to: 'reviewing_documents' });
      const [deletion] = rows.filter((row) => row.action === 'ACCOUNT_DELETE');
      expect(deletion).toMatchObject({ adminId: ana.user.id, targetTable: 'users', targetId: ana.user.id, details: { documents: 3 }, ipAddress: null });

      const page = await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } });
      const shown = page.json().items.find((item: { action: string }) => item.action === 'ACCOUNT_DELETE');
      expect(shown).toMatchObject({ admin: null, target: { kind: 'account', name: null } });
    });

    it('leaves the other client alone', async () => {
      for (const file of Object.values(omarData.files)) expect(isStored(file.content)).toBe(true);
      const [omarCase] = (await t.app.inject({ url: '/api/cases', headers: { cookie: omar.cookie } })).json<Array<{ documents: Array<{ name: string }> }>>();
      expect(omarCase?.documents.map((document) => document.name)).toEqual([omarData.files.caseDocument.name]);
      expect((await db().select().from(contactFormSubmissions).where(eq(contactFormSubmissions.email, omar.user.email))).length).toBe(1);
      const stageChange = (await db().select().from(auditLogs)).find((row) => row.action === 'STAGE_CHANGE' && row.targetId === String(omarData.caseId));
      expect(stageChange?.details).toMatchObject({ note: omarData.texts.stageNote });
    });
  });

  it('refuses while a checkout may still be paid, and changes nothing', async () => {
    const lina = await createAccount(t, { firstName: 'Lina' });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: lina.cookie },
      payload: await acceptingLetter(t.app, { cookie: lina.cookie }, { service: { id: 'express' }, user: lina.user }),
    });
    expect(checkout.statusCode).toBe(200);
    const before = await snapshot(lina);
    const response = await remove(lina, { password: lina.password, isConfirmed: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Tienes un pago en curso. Podrás eliminar tu cuenta cuando se complete o caduque (como mucho, en 24 horas).');
    expect(await snapshot(lina)).toEqual(before);
  });

  it('lets an admin delete their account only while another admin remains', async () => {
    const other = await createAccount(t, { role: 'admin', firstName: 'Pablo' });
    expect((await remove(other, { password: other.password, isConfirmed: true })).statusCode).toBe(204);

    const before = await snapshot(admin);
    const last = await remove(admin, { password: admin.password, isConfirmed: true });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('Eres el único administrador: nombra antes a otro administrador en la pestaña Clientes.');
    expect(await snapshot(admin)).toEqual(before);
    const [count] = await db().select({ admins: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'owner'));
    expect(count?.admins).toBe(1);
  });
});
