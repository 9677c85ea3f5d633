import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationKinds, type NotificationKind, type NotificationPreferences } from '#common/notifications/notifications.contract.ts';
import { resolveAuthSecret } from '#server/config/secret.ts';
import { auditLogs, mailOutbox, notificationOptOuts, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { mailClientNotices } from '#server/features/cases/case-notices.service.ts';
import { createCaseMails } from '#server/features/cases/cases.mails.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const minute = 60 * 1000;
const day = 24 * 60 * minute;

const everything = (email: boolean) => Object.fromEntries(notificationKinds.map((kind) => [kind, { email, push: true }])) as NotificationPreferences;
const tokenIn = (header: string | undefined) => /token=([^>\s]+)/.exec(header ?? '')?.[1] ?? '';

describe('notifications: the client chooses which mails they get', () => {
  let t: TestApp;
  let capture: MailCapture;
  const clock = testClock();
  let client: TestAccount;
  let admin: TestAccount;
  let caseId: number;
  let secret: string;

  const as = (account: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
  const choose = async (preferences: NotificationPreferences) => {
    const saved = await as(client, 'PUT', '/api/notifications/preferences', preferences);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(preferences);
  };
  /** The mails queued to the client since `since`, straight from the outbox: headers and all. */
  const queuedTo = async (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const gather = () => mailClientNotices({ db: t.database.db, mails: createCaseMails(t.app.config, t.app.outbox), now: clock.now });
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url }, worker: { clock: clock.now, pollMs: day } });
    secret = resolveAuthSecret(t.app.config);
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, client.user.id));
    admin = await createAccount(t, { role: 'admin' });
    caseId = await createPaidCase(t.app, client);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(notificationOptOuts);
    await t.database.db.delete(mailOutbox);
  });

  it('starts with every kind on by e-mail, and keeps what the client chooses, only for themselves', async () => {
    expect((await as(client, 'GET', '/api/notifications/preferences')).json()).toEqual(everything(true));
    const chosen = { ...everything(true), stageChanges: { email: false, push: true }, quotes: { email: false, push: true } };
    await choose(chosen);
    expect((await as(client, 'GET', '/api/notifications/preferences')).json()).toEqual(chosen);
    // Another account's choices are its own.
    expect((await as(admin, 'GET', '/api/notifications/preferences')).json()).toEqual(everything(true));
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(401);
    const bad = await as(client, 'PUT', '/api/notifications/preferences', { ...chosen, invoices: { email: false, push: true } });
    expect(bad.statusCode).toBe(400);
  });

  it('honours each optional kind where the mail is queued: off, nothing; on, the mail with its one-click unsubscribe', async () => {
    const send = (kind: NotificationKind) =>
      t.app.outbox.enqueueNotice(t.database.db, { userId: client.user.id, language: 'fr', kinds: [kind] }, () => ({ to: client.user.email, subject: `avis ${kind}`, text: 'texte', html: '<!doctype html><html><body><div>x</div></body></html>' }));
    await choose(everything(false));
    for (const kind of notificationKinds) await send(kind);
    expect(await queuedTo(client.user.email)).toHaveLength(0);

    await choose(everything(true));
    for (const kind of notificationKinds) await send(kind);
    const queued = await queuedTo(client.user.email);
    expect(queued.map((mail) => mail.subject).sort()).toEqual(notificationKinds.map((kind) => `avis ${kind}`).sort());
    for (const mail of queued) {
      expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/notifications\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      // The visible link, in the client's language, in both parts.
      expect(mail.textBody.replace(/\u00a0/g, ' ')).toContain('Je ne veux plus recevoir d’e-mails de ce type: http');
      expect(mail.htmlBody).toMatch(/<a href="http[^"]*\/api\/notifications\/unsubscribe\?token=[^"]+"[^>]*>Je ne veux plus recevoir/);
    }
  });

  it("sends a case's stage change only while it is on, through the product's own route, and by SMTP with the headers", async () => {
    await choose({ ...everything(true), stageChanges: { email: false, push: true } });
    expect((await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'reviewing_documents' })).statusCode).toBe(200);
    expect(await queuedTo(client.user.email)).toHaveLength(0);

    await choose(everything(true));
    expect((await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'more_documents_requested' })).statusCode).toBe(200);
    const mail = await capture.waitFor(client.user.email, /EXP-/);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('leaves out of a gathered mail the lines of the kinds turned off, and sends nothing when all its kinds are off', async () => {
    await choose({ ...everything(true), rejections: { email: false, push: true }, sharedDocuments: { email: false, push: true } });
    const share = multipartBody([{ name: 'document', filename: 'resolucion.pdf', content: sampleFiles.pdf() }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/cases/${caseId}/documents`, payload: share.payload, headers: { ...share.headers, cookie: admin.cookie } })).statusCode).toBe(201);
    expect((await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Contrat de travail signé', dueDate: null, familyMemberId: null })).statusCode).toBe(201);
    clock.advance(20 * minute);
    expect(await gather()).toBe(1);
    const [mail, ...others] = await queuedTo(client.user.email);
    expect(others).toHaveLength(0);
    expect(mail?.textBody).toContain('Contrat de travail signé');
    expect(mail?.textBody).not.toContain('resolucion.pdf');
    // Its one click turns off what it carried, and only that.
    expect(JSON.parse(Buffer.from(tokenIn(mail?.headers?.['List-Unsubscribe']).split('.')[0] ?? '', 'base64url').toString())).toMatchObject({ k: ['documentRequests'] });

    await t.database.db.delete(mailOutbox);
    await choose({ ...everything(true), documentRequests: { email: false, push: true }, sharedDocuments: { email: false, push: true } });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/cases/${caseId}/documents`, payload: share.payload, headers: { ...share.headers, cookie: admin.cookie } })).statusCode).toBe(201);
    expect((await as(admin, 'POST', `/api/admin/cases/${caseId}/requests`, { title: 'Certificat de résidence', dueDate: null, familyMemberId: null })).statusCode).toBe(201);
    clock.advance(20 * minute);
    await gather();
    expect(await queuedTo(client.user.email)).toHaveLength(0);
  });

  it('always sends the mails nobody may turn off, without an unsubscribe header', async () => {
    await choose(everything(false));
    const forgot = await t.app.inject({ method: 'POST', url: '/api/account/password/forgot', payload: { email: client.user.email } });
    expect(forgot.statusCode).toBeLessThan(300);
    await expect.poll(async () => (await queuedTo(client.user.email)).length, { timeout: 5000 }).toBe(1);
    const [reset] = await queuedTo(client.user.email);
    expect(reset?.headers).toBeNull();
    expect(reset?.textBody).not.toContain('/api/notifications/unsubscribe');
  });

  it('unsubscribes without a session by the one-click POST, idempotently and audited; the link shows its page and changes nothing', async () => {
    const token = unsubscribeToken(secret, client.user.id, ['stageChanges']);
    const page = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Ne plus recevoir ces e-mails\u00a0?');
    expect(page.body).toContain('Avancement de votre dossier');
    expect(page.body).toContain('href="/fr/perfil#avisos"');
    expect((await as(client, 'GET', '/api/notifications/preferences')).json()).toEqual(everything(true));

    for (const attempt of [1, 2]) {
      const done = await oneClick(token);
      expect(done.statusCode, `attempt ${attempt}: ${done.body}`).toBe(200);
      expect(done.body).toContain('Vous ne recevrez plus ces e-mails');
    }
    expect((await as(client, 'GET', '/api/notifications/preferences')).json()).toEqual({ ...everything(true), stageChanges: { email: false, push: true } });
    const audited = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'NOTIFICATIONS_UNSUBSCRIBE'), eq(auditLogs.targetId, client.user.id)));
    expect(audited.length).toBeGreaterThanOrEqual(2);
    expect(audited[0]).toMatchObject({ adminId: client.user.id, ipAddress: null, details: { kinds: ['stageChanges'], channel: 'email' } });

    // A mail provider's one click with no body, and a form posted as multipart, work as well.
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}` })).statusCode).toBe(200);

    const back = await t.app.inject({ method: 'POST', url: `/api/notifications/resubscribe?token=${token}`, payload: 'resubscribe=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Vous recevrez à nouveau ces e-mails');
    expect((await as(client, 'GET', '/api/notifications/preferences')).json()).toEqual(everything(true));
  });

  it('refuses a token changed, made for a kind nobody may turn off, or for nobody, with a 4xx and nothing changed', async () => {
    const good = unsubscribeToken(secret, client.user.id, ['quotes']);
    const [payload, signature] = good.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ u: admin.user.id, k: ['quotes'] })).toString('base64url');
    const refused = [
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}xx`,
      payload,
      'nonsense',
      unsubscribeToken('another secret', client.user.id, ['quotes']),
      unsubscribeToken(secret, client.user.id, ['invoices']),
      unsubscribeToken(secret, client.user.id, ['security']),
      unsubscribeToken(secret, client.user.id, []),
      unsubscribeToken(secret, 'no-such-account', ['quotes']),
    ];
    for (const token of refused) {
      for (const response of [await oneClick(token), await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}` })]) {
        expect(response.statusCode, token).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, token).toBeLessThan(500);
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    expect(await t.database.db.select().from(notificationOptOuts)).toHaveLength(0);
  });
});
