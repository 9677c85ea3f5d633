import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

describe('cases: stages, filing data and the firm’s case page', () => {
  let t: TestApp;
  let capture: MailCapture;
  let client: TestAccount;
  let admin: TestAccount;
  let caseId: number;

  const as = (account: TestAccount, method: 'GET' | 'PUT', url: string, payload?: object, language = 'es') =>
    t.app.inject({ method, url, headers: { cookie: account.cookie, 'accept-language': language }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url } });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    admin = await createAccount(t, { role: 'admin' });
    caseId = await createPaidCase(t.app, client);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  it('opens a paid case in awaiting documents', async () => {
    const [mine] = (await as(client, 'GET', '/api/cases')).json();
    expect(mine).toMatchObject({ stage: 'awaiting_documents', history: [{ stage: 'awaiting_documents', note: null }] });
  });

  it('moves a case to a stage with a note: the client sees it in the timeline and is mailed in their language; audited', async () => {
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, client.user.id));
    const moved = await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'reviewing_documents', note: 'Nous vérifions le passeport.' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ stage: 'reviewing_documents' });

    const [mine] = (await as(client, 'GET', '/api/cases')).json();
    expect(mine.stage).toBe('reviewing_documents');
    expect(mine.history).toEqual([
      { stage: 'awaiting_documents', note: null, createdAt: expect.any(String) },
      { stage: 'reviewing_documents', note: 'Nous vérifions le passeport.', createdAt: expect.any(String) },
    ]);
    const mail = await capture.waitFor(client.user.email, /Votre dossier EXP-\d{3} est passé à une nouvelle étape/);
    expect(mail.text).toContain("Votre dossier EXP-");
    expect(mail.text).toContain('Documents en cours d');
    expect(mail.text).toContain('Note de votre avocat\u00a0: Nous vérifions le passeport.');
    // The link opens the French panel at this case (after signing in, for a reader who is not).
    expect(mail.text).toMatch(new RegExp(`/fr/panel\\?expediente=EXP-${String(caseId).padStart(3, '0')}\\b`));

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(caseId)));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'STAGE_CHANGE', details: { from: 'awaiting_documents', to: 'reviewing_documents', note: 'Nous vérifions le passeport.' } }),
    ]);
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, client.user.id));
  });

  it('mails a move without a note in Spanish, with the stage name of the catalog', async () => {
    expect((await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'requerimiento_received' })).statusCode).toBe(200);
    const mail = await capture.waitFor(client.user.email, /Tu expediente EXP-\d{3} ha cambiado de fase/);
    expect(mail.text).toContain('está ahora en la fase: Requerimiento recibido.');
    expect(mail.text).toMatch(/\/panel\?expediente=EXP-\d{3}\b/);
    expect(mail.text).not.toContain('/fr/panel');
    expect(mail.text).not.toContain('Nota de tu abogado');
  });

  it('refuses an unknown stage with a translated 400, a client with 403 and a missing case with 404', async () => {
    const unknown = await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'Completado' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([expect.objectContaining({ path: 'stage', message: 'Elige una fase de la lista.' })]);
    const english = await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'done' }, 'en');
    expect(english.json().issues).toEqual([expect.objectContaining({ message: 'Choose a stage from the list.' })]);
    expect((await as(client, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'filed' })).statusCode).toBe(403);
    expect((await as(admin, 'PUT', '/api/admin/cases/999999/stage', { stage: 'filed' })).statusCode).toBe(404);
    const [mine] = (await as(client, 'GET', '/api/cases')).json();
    expect(mine.stage).toBe('requerimiento_received');
  });

  it('records the filing data (admins only, audited) and clears it with empty answers', async () => {
    const filing = { fileNumber: '030020260001234', filedOn: '2026-11-20', office: 'Oficina de Extranjería de Alicante' };
    const saved = await as(admin, 'PUT', `/api/admin/cases/${caseId}/filing`, filing);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().filing).toEqual(filing);
    expect((await as(client, 'GET', '/api/cases')).json()[0].filing).toEqual(filing);
    expect((await as(admin, 'PUT', `/api/admin/cases/${caseId}/filing`, { ...filing, filedOn: '2026-02-30' })).statusCode).toBe(400);
    expect((await as(client, 'PUT', `/api/admin/cases/${caseId}/filing`, filing)).statusCode).toBe(403);
    expect((await as(admin, 'PUT', '/api/admin/cases/999999/filing', filing)).statusCode).toBe(404);
    const cleared = await as(admin, 'PUT', `/api/admin/cases/${caseId}/filing`, { fileNumber: '', filedOn: '', office: '' });
    expect(cleared.json().filing).toEqual({ fileNumber: null, filedOn: null, office: null });
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(caseId)))).map((row) => row.action);
    expect(actions.filter((action) => action === 'FILING_UPDATE')).toHaveLength(2);
  });

  it('answers the case page with the client identity and the payment that opened the case, for admins only', async () => {
    await t.database.db.update(users).set({ nie: 'X1234567L', passportNumber: 'AB123456', dateOfBirth: '1990-04-02', address: 'Calle Mayor 1, Elche' }).where(eq(users.id, client.user.id));
    const page = await as(admin, 'GET', `/api/admin/cases/${caseId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      displayId: expect.stringMatching(/^EXP-\d{3}$/),
      stage: 'requerimiento_received',
      client: {
        firstName: 'Amina',
        lastName: 'Diallo',
        email: client.user.email,
        nie: 'X1234567L',
        passportNumber: 'AB123456',
        dateOfBirth: '1990-04-02',
        address: 'Calle Mayor 1, Elche',
      },
      payments: [{ id: expect.any(String), status: 'paid', amountCents: expect.any(Number), creditedCents: 0, currency: 'eur', createdAt: expect.any(String) }],
    });
    expect((await as(client, 'GET', `/api/admin/cases/${caseId}`)).statusCode).toBe(403);
    expect((await as(admin, 'GET', '/api/admin/cases/999999')).statusCode).toBe(404);
    const other = await createAccount(t);
    const otherCase = await createPaidCase(t.app, other);
    const otherPage = (await as(admin, 'GET', `/api/admin/cases/${otherCase}`)).json();
    expect(otherPage.client.email).toBe(other.user.email);
    expect(otherPage.payments).toHaveLength(1);
  });
});
