import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { firmDay } from '#common/dates.ts';
import { mailClientNotices, remindDueRequests } from './case-notices.service.ts';
import { createCaseMails } from './cases.mails.ts';

const minute = 60 * 1000;
const day = 24 * 60 * minute;

describe('cases: the client hears of what the firm asks and shares', () => {
  let t: TestApp;
  let capture: MailCapture;
  const clock = testClock();
  let client: TestAccount;
  let admin: TestAccount;
  let caseId: number;

  const as = (account: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
  const upload = async (account: TestAccount, url: string, filename: string) => {
    const body = multipartBody([{ name: 'document', filename, content: sampleFiles.pdf() }]);
    const response = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: account.cookie } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>();
  };
  const pass = () => mailClientNotices({ db: t.database.db, mails: createCaseMails(t.app.config, t.app.outbox), now: clock.now });
  const clientMails = () => capture.messages.filter((message) => message.to.includes(client.user.email) && /dossier|expediente|case/i.test(message.subject));

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url }, worker: { clock: clock.now, pollMs: day } });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, client.user.id));
    admin = await createAccount(t, { role: 'admin' });
    caseId = await createPaidCase(t.app, client);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  it("gathers what the firm asks, rejects and shares into one mail in the client's language, once the firm stops for a few minutes", async () => {
    const asked = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Contrat de travail signé', dueDate: '2030-03-15', familyMemberId: null });
    expect(asked.statusCode, asked.body).toBe(201);
    const passport = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Passeport, toutes les pages', dueDate: null, familyMemberId: null });
    const passportId = passport.json<{ id: string }>().id;
    await upload(client, `/api/cases/${caseId}/requests/${passportId}/documents`, 'pasaporte.pdf');
    const rejected = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests/${passportId}/reject`, { reason: 'Falta la página de la foto' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await upload(admin, `/api/admin/cases/${caseId}/documents`, 'resolucion-favorable.pdf');

    // The firm has just been working on the case: nothing leaves yet.
    expect(await pass()).toBe(0);
    clock.advance(4 * minute);
    expect(await pass()).toBe(1);
    expect(await pass()).toBe(0);

    const mail = await capture.waitFor(client.user.email, /Du nouveau dans votre dossier EXP-\d{3}/);
    // French sets a no-break space before its colons and inside its quotes.
    const text = mail.text.replace(/\u00a0/g, ' ');
    expect(text).toContain('Bonjour Amina,');
    expect(text).toContain('• Nous vous demandons : Contrat de travail signé, avant le 15 mars 2030.');
    expect(text).toContain("• Nous n'avons pas pu accepter « Passeport, toutes les pages » : Falta la página de la foto.");
    expect(text).toContain('• Nous avons partagé un document avec vous : resolucion-favorable.pdf.');
    // The passport was asked and then rejected: the mail asks once, with the reason.
    expect(text).not.toContain('Nous vous demandons : Passeport');
    expect(text).toMatch(/\/panel/);
    expect(clientMails().filter((message) => /Du nouveau/.test(message.subject))).toHaveLength(1);
  });

  it('leaves out what no longer holds when the mail leaves, and mails nothing when nothing does', async () => {
    const asked = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Certificado de empadronamiento', dueDate: null, familyMemberId: null });
    const requestId = asked.json<{ id: string }>().id;
    // The client answers before the mail leaves: there is nothing left to ask.
    await upload(client, `/api/cases/${caseId}/requests/${requestId}/documents`, 'padron.pdf');
    const before = clientMails().length;
    clock.advance(4 * minute);
    expect(await pass()).toBe(0);
    await t.app.worker.kick();
    expect(clientMails().length).toBe(before);
  });

  it('mails however busy the firm stays, at most a quarter of an hour after the first notice, as the worker’s periodic task', async () => {
    const before = clientMails().length;
    for (const title of ['Nómina de enero', 'Nómina de febrero', 'Nómina de marzo', 'Nómina de abril', 'Nómina de mayo', 'Nómina de junio']) {
      await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title, dueDate: null, familyMemberId: null });
      clock.advance(2.5 * minute);
      await t.app.worker.kick();
    }
    await expect.poll(() => clientMails().length).toBe(before + 1);
    const mail = clientMails().at(-1);
    expect(mail?.text).toContain('Nómina de enero');
  });

  it('reminds a request once when it is due within 3 days and once when overdue, never a request answered or whose date moved', async () => {
    const remind = () => remindDueRequests({ db: t.database.db, now: clock.now });
    const inDays = (days: number) => firmDay(new Date(clock.now().getTime() + days * day));
    const asked = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Seguro médico', dueDate: inDays(2), familyMemberId: null });
    const requestId = asked.json<{ id: string }>().id;
    const answered = await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Contrato de alquiler', dueDate: inDays(1), familyMemberId: null });
    clock.advance(4 * minute);
    expect(await pass()).toBe(1);
    await upload(client, `/api/cases/${caseId}/requests/${answered.json<{ id: string }>().id}/documents`, 'alquiler.pdf');
    const reminders = () => clientMails().filter((message) => /Rappel/.test(message.subject));

    await remind();
    await remind();
    clock.advance(4 * minute);
    expect(await pass()).toBe(1);
    const soon = await capture.waitFor(client.user.email, /Rappel.*documents attendus dans votre dossier EXP-\d{3}/);
    const soonText = soon.text.replace(/\u00a0/g, ' ');
    expect(soonText).toContain('Pour rappel, voici ce qui manque encore à votre dossier');
    expect(soonText).toMatch(/« Seguro médico » est à remettre avant le \d{1,2} \S+ \d{4} : déposez-le depuis votre espace\./);
    expect(soonText).not.toContain('Contrato de alquiler');
    expect(reminders()).toHaveLength(1);

    clock.advance(3 * day);
    await remind();
    await remind();
    clock.advance(4 * minute);
    expect(await pass()).toBe(1);
    await expect.poll(() => reminders().length).toBe(2);
    expect(reminders().at(-1)?.text.replace(/\u00a0/g, ' ')).toContain("« Seguro médico » était attendu pour le");

    // A new due date is a new promise: reminded again only when it comes near, and not if the date moves once more first.
    const moved = await as(admin, 'PUT', `/api/admin/cases/${caseId}/requests/${requestId}/due-date`, { dueDate: inDays(10) });
    expect(moved.statusCode, moved.body).toBe(200);
    await remind();
    clock.advance(4 * minute);
    expect(await pass()).toBe(0);
    clock.advance(8 * day);
    await remind();
    await as(admin, 'PUT', `/api/admin/cases/${caseId}/requests/${requestId}/due-date`, { dueDate: inDays(30) });
    clock.advance(4 * minute);
    expect(await pass()).toBe(0);
    expect(reminders()).toHaveLength(2);
  });
});
