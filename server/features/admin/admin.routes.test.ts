import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, translationRequestDocuments, users } from '#server/db/schema/index.ts';
import { createAccount, setUpTwoFactor, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createNews } from '#server/test/factories.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const someId = '00000000-0000-4000-8000-000000000000';

/** Every back-office route, with a body that would be valid for an admin. */
const adminRoutes: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/admin/contact-requests' },
  { method: 'DELETE', url: `/api/admin/contact-requests/${someId}` },
  { method: 'GET', url: '/api/admin/translation-requests' },
  { method: 'DELETE', url: `/api/admin/translation-requests/${someId}` },
  { method: 'GET', url: `/api/admin/translation-requests/${someId}/documents` },
  { method: 'GET', url: `/api/admin/translation-requests/${someId}/documents/${someId}` },
  { method: 'GET', url: '/api/admin/consultations' },
  { method: 'PATCH', url: `/api/admin/consultations/${someId}`, payload: { status: 'completada', firmNote: 'Hecho.' } },
  { method: 'PUT', url: `/api/admin/consultations/${someId}/video-link`, payload: { videoUrl: 'https://meet.example.com/abc' } },
  { method: 'DELETE', url: `/api/admin/consultations/${someId}` },
  { method: 'GET', url: '/api/admin/news' },
  { method: 'POST', url: '/api/admin/news', payload: { texts: { es: { title: 'T', content: 'C' } }, publishedAt: '2026-01-01T10:00:00Z' } },
  { method: 'PUT', url: `/api/admin/news/${someId}`, payload: { texts: { es: { title: 'T', content: 'C' } }, publishedAt: '2026-01-01T10:00:00Z' } },
  { method: 'DELETE', url: `/api/admin/news/${someId}` },
  { method: 'GET', url: '/api/admin/agenda?from=2026-11-01&to=2026-11-30' },
  { method: 'POST', url: '/api/admin/agenda/events', payload: { date: '2026-11-25', title: 'Reunión' } },
  { method: 'PUT', url: `/api/admin/agenda/events/${someId}`, payload: { date: '2026-11-25', title: 'Reunión' } },
  { method: 'DELETE', url: `/api/admin/agenda/events/${someId}` },
  { method: 'GET', url: '/api/admin/clients' },
  { method: 'PUT', url: '/api/admin/clients/someone/role', payload: { role: 'owner' } },
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/cases' },
  { method: 'GET', url: '/api/admin/cases/1' },
  { method: 'GET', url: `/api/admin/cases/1/documents/${someId}` },
  { method: 'POST', url: '/api/admin/cases/1/documents' },
  { method: 'POST', url: '/api/admin/cases/1/messages', payload: { body: 'Hola' } },
  { method: 'PUT', url: '/api/admin/cases/1/stage', payload: { stage: 'reviewing_documents' } },
  { method: 'PUT', url: '/api/admin/cases/1/filing', payload: { fileNumber: '030020260001234' } },
  { method: 'GET', url: '/api/admin/payments' },
  { method: 'GET', url: '/api/admin/chat/messages' },
  { method: 'POST', url: `/api/admin/chat/messages/${someId}/replies`, payload: { message: 'Hola' } },
  { method: 'DELETE', url: `/api/admin/chat/messages/${someId}` },
];

describe('back-office API', () => {
  let t: TestApp;
  let mail: MailCapture;
  let admin: TestAccount;
  let client: TestAccount;
  let ip = 0;

  const as = (account: TestAccount | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
      headers: account ? { cookie: account.cookie } : {},
      remoteAddress: `10.9.0.${++ip}`,
    });
  const auditRows = (targetId: string) => t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId));

  beforeAll(async () => {
    mail = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: mail.url } });
    admin = await createAccount(t, { role: 'admin', firstName: 'Marta' });
    client = await createAccount(t);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it.each(adminRoutes)('$method $url refuses anonymous visitors (401) and clients (403)', async ({ method, url, payload }) => {
    expect((await as(null, method, url, payload)).statusCode).toBe(401);
    const refused = await as(client, method, url, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });

  describe('contact requests', () => {
    it('lists newest first with search and paging, and deletes with exactly one audit row', async () => {
      for (const name of ['Primera Persona', 'Segunda Persona', 'Tercera Buscada']) {
        const sent = await as(null, 'POST', '/api/contact-requests', { name, email: 'c@example.com', message: `Hola, soy ${name}`, privacy: true });
        expect(sent.statusCode).toBe(201);
      }
      const list = await as(admin, 'GET', '/api/admin/contact-requests');
      expect(list.json()).toMatchObject({ total: 3, page: 1, pageSize: 50 });
      expect(list.json().items.map((i: { name: string }) => i.name)).toEqual(['Tercera Buscada', 'Segunda Persona', 'Primera Persona']);
      const found = await as(admin, 'GET', '/api/admin/contact-requests?q=buscada');
      expect(found.json().items).toHaveLength(1);
      expect((await as(admin, 'GET', '/api/admin/contact-requests?page=2')).json().items).toEqual([]);
      expect((await as(admin, 'GET', '/api/admin/contact-requests?page=0')).statusCode).toBe(400);

      const target = found.json().items[0].id as string;
      expect((await as(admin, 'DELETE', `/api/admin/contact-requests/${target}`)).statusCode).toBe(204);
      expect(await auditRows(target)).toEqual([
        expect.objectContaining({ adminId: admin.user.id, action: 'DELETE', targetTable: 'contact_form_submissions', targetId: target }),
      ]);
      expect((await as(admin, 'GET', '/api/admin/contact-requests')).json().total).toBe(2);
      expect((await as(admin, 'DELETE', `/api/admin/contact-requests/${target}`)).statusCode).toBe(404);
      expect(await auditRows(target)).toHaveLength(1);
    });
  });

  describe('translation requests', () => {
    it('lists requests with their documents, downloads them, and deletes the request, its files and nothing else', async () => {
      const body = multipartBody([
        { name: 'name', value: 'Luc Martin' },
        { name: 'email', value: 'luc@example.com' },
        { name: 'phone', value: '+33612345678' },
        { name: 'privacy', value: 'true' },
        { name: 'documents', filename: 'acte.pdf', content: sampleFiles.pdf() },
        { name: 'documents', filename: 'passeport.png', content: sampleFiles.png() },
      ]);
      const sent = await t.app.inject({ method: 'POST', url: '/api/translation-quotes', payload: body.payload, headers: body.headers, remoteAddress: '10.9.1.1' });
      expect(sent.statusCode).toBe(201);
      const requestId = sent.json().id as string;

      const list = await as(admin, 'GET', '/api/admin/translation-requests');
      const row = list.json().items.find((item: { id: string }) => item.id === requestId);
      expect(row.documents.map((d: { originalName: string }) => d.originalName).sort()).toEqual(['acte.pdf', 'passeport.png']);
      const download = await as(admin, 'GET', `/api/admin/translation-requests/${requestId}/documents/${row.documents[0].id}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBeGreaterThan(1000);

      const keys = (await t.database.db.select().from(translationRequestDocuments).where(eq(translationRequestDocuments.translationRequestId, requestId))).map(
        (d) => d.storageKey,
      );
      const files = keys.map((key) => path.join(t.app.config.dataDir, 'uploads', key));
      expect(files.every((file) => fs.existsSync(file))).toBe(true);

      expect((await as(admin, 'DELETE', `/api/admin/translation-requests/${requestId}`)).statusCode).toBe(204);
      expect(files.some((file) => fs.existsSync(file))).toBe(false);
      expect(await t.database.db.select().from(translationRequestDocuments).where(eq(translationRequestDocuments.translationRequestId, requestId))).toEqual([]);
      expect(await auditRows(requestId)).toEqual([expect.objectContaining({ action: 'DELETE', targetTable: 'translation_requests' })]);
    });
  });

  describe('consultations', () => {
    it('puts an answered call onto the agenda, completes a pending consultation once, and deletes it with its audit row', async () => {
      const sent = await as(null, 'POST', '/api/consultations/expatriation', { name: 'Jean Dupont', email: 'jean@example.com', privacy: true });
      expect(sent.statusCode).toBe(201);
      const id = sent.json().id as string;

      const list = await as(admin, 'GET', '/api/admin/consultations?q=dupont');
      expect(list.json().items).toEqual([
        expect.objectContaining({ id, status: 'pendiente', consultationType: 'expatriacion', client: { name: 'Jean Dupont', email: 'jean@example.com' } }),
      ]);

      const call = { note: 'Le llamamos el jueves.', scheduledAt: '2026-11-26T09:30:00.000Z' };
      expect((await as(admin, 'PUT', `/api/admin/consultations/${id}/answer`, call)).statusCode).toBe(204);
      const agenda = await as(admin, 'GET', '/api/admin/agenda?from=2026-11-01&to=2026-12-06');
      expect(agenda.json()).toContainEqual({ id, kind: 'consultation', date: '2026-11-26', time: '10:30', endTime: '11:15', meetingMode: null, title: 'Jean Dupont' });

      expect((await as(admin, 'PATCH', `/api/admin/consultations/${id}`, { status: 'pendiente' })).statusCode).toBe(400);
      expect((await as(admin, 'PATCH', `/api/admin/consultations/${id}`, {})).statusCode).toBe(400);
      expect((await as(admin, 'PATCH', `/api/admin/consultations/${id}`, { status: 'completada' })).statusCode).toBe(400);
      const outcome = { status: 'completada', firmNote: 'Le hemos llamado: le enviamos la lista de documentos.' };
      expect((await as(admin, 'PATCH', `/api/admin/consultations/${id}`, outcome)).statusCode).toBe(204);
      expect((await as(admin, 'PATCH', `/api/admin/consultations/${id}`, outcome)).statusCode).toBe(409);

      expect((await as(admin, 'PATCH', `/api/admin/consultations/${id}`, { scheduledAt: '2026-11-26T09:30:00.000Z' })).statusCode).toBe(400);

      expect((await as(admin, 'DELETE', `/api/admin/consultations/${id}`)).statusCode).toBe(204);
      expect((await auditRows(id)).map((row) => row.action).sort()).toEqual(['CONSULTATION_ANSWER', 'DELETE', 'STATUS_CHANGE']);
    });
  });

  describe('agenda', () => {
    it("keeps each admin's own events, in a range of at most six weeks", async () => {
      const created = await as(admin, 'POST', '/api/admin/agenda/events', { date: '2026-11-25', time: '16:00', title: 'Notaría: firma García' });
      expect(created.statusCode).toBe(201);
      const event = created.json();
      expect(event).toMatchObject({ kind: 'event', date: '2026-11-25', time: '16:00', title: 'Notaría: firma García' });

      const edited = await as(admin, 'PUT', `/api/admin/agenda/events/${event.id}`, { date: '2026-11-27', time: null, title: 'Notaría' });
      expect(edited.json()).toMatchObject({ date: '2026-11-27', time: null, title: 'Notaría' });

      const otherAdmin = await createAccount(t, { role: 'admin' });
      expect((await as(otherAdmin, 'GET', '/api/admin/agenda?from=2026-11-01&to=2026-11-30')).json()).not.toContainEqual(
        expect.objectContaining({ id: event.id }),
      );
      expect((await as(otherAdmin, 'DELETE', `/api/admin/agenda/events/${event.id}`)).statusCode).toBe(404);

      expect((await as(admin, 'GET', '/api/admin/agenda?from=2026-01-01&to=2026-12-31')).statusCode).toBe(400);
      expect((await as(admin, 'POST', '/api/admin/agenda/events', { date: '2026-13-01', title: '' })).statusCode).toBe(400);
      expect((await as(admin, 'DELETE', `/api/admin/agenda/events/${event.id}`)).statusCode).toBe(204);
    });
  });

  describe('news', () => {
    it('creates, edits and deletes articles with audit; scheduled articles stay hidden; HTML is neutralised', async () => {
      const created = await as(admin, 'POST', '/api/admin/news', {
        texts: { es: { title: 'Nueva ley', content: 'Texto <script>alert(1)</script> **importante**' } },
        publishedAt: '2026-01-10T09:00:00.000Z',
      });
      expect(created.statusCode).toBe(201);
      const article = created.json();
      expect(article.texts.es.content).toBe('Texto &lt;script>alert(1)&lt;/script> **importante**');
      expect((await as(null, 'GET', `/api/news/${article.id}`)).statusCode).toBe(200);

      const future = await as(admin, 'POST', '/api/admin/news', { texts: { es: { title: 'Programada', content: 'Mañana' } }, publishedAt: '2099-01-01T00:00:00.000Z' });
      expect((await as(null, 'GET', '/api/news')).json().map((a: { title: string }) => a.title)).not.toContain('Programada');
      expect((await as(null, 'GET', `/api/news/${future.json().id}`)).statusCode).toBe(404);
      expect((await as(admin, 'GET', '/api/admin/news?q=programada')).json().items).toHaveLength(1);

      const edited = await as(admin, 'PUT', `/api/admin/news/${article.id}`, {
        texts: { es: { title: 'Ley revisada', content: 'Nuevo texto' } },
        publishedAt: '2026-01-11T09:00:00.000Z',
      });
      expect(edited.json()).toMatchObject({ texts: { es: { title: 'Ley revisada' } }, createdAt: '2026-01-11T09:00:00.000Z' });
      expect((await as(admin, 'POST', '/api/admin/news', { texts: { es: { title: '', content: '' } }, publishedAt: 'mañana' })).statusCode).toBe(400);

      const seeded = await createNews(t.database.db);
      expect((await as(admin, 'DELETE', `/api/admin/news/${seeded.id}`)).statusCode).toBe(204);
      expect((await as(null, 'GET', `/api/news/${seeded.id}`)).statusCode).toBe(404);
      expect((await auditRows(article.id)).map((r) => r.action).sort()).toEqual(['NEWS_CREATE', 'NEWS_UPDATE']);
      expect((await auditRows(seeded.id)).map((r) => r.action)).toEqual(['NEWS_DELETE']);
    });
  });

  describe('clients and roles', () => {
    it('lists accounts with what they hold, makes an account admin and takes it away, never its own', async () => {
      const list = await as(admin, 'GET', `/api/admin/clients?q=${encodeURIComponent(client.user.email)}`);
      expect(list.json().items).toEqual([
        expect.objectContaining({ id: client.user.id, email: client.user.email, role: 'user', cases: 0, consultations: 0, payments: 0 }),
      ]);

      expect((await as(admin, 'PUT', `/api/admin/clients/${client.user.id}/role`, { role: 'owner' })).statusCode).toBe(204);
      const [promoted] = await t.database.db.select().from(users).where(eq(users.id, client.user.id));
      expect(promoted?.role).toBe('owner');
      // The new admin's back office opens once its second factor is set up (ADR 029).
      expect((await as(client, 'GET', '/api/admin/clients')).json()).toMatchObject({ code: 'twoFactorRequired' });
      const withSecondFactor = { ...client, cookie: (await setUpTwoFactor(t.app, client.cookie, client.password)).cookie };
      expect((await as(withSecondFactor, 'GET', '/api/admin/clients')).statusCode).toBe(200);
      expect((await as(admin, 'PUT', `/api/admin/clients/${client.user.id}/role`, { role: 'user' })).statusCode).toBe(204);
      expect((await as(withSecondFactor, 'GET', '/api/admin/clients')).statusCode).toBe(403);

      const own = await as(admin, 'PUT', `/api/admin/clients/${admin.user.id}/role`, { role: 'user' });
      expect(own.statusCode).toBe(403);
      expect((await as(admin, 'PUT', `/api/admin/clients/${client.user.id}/role`, { role: 'jefe' })).statusCode).toBe(400);
      expect((await as(admin, 'PUT', '/api/admin/clients/nadie/role', { role: 'owner' })).statusCode).toBe(404);
      const named = { name: `${client.user.firstName} ${client.user.lastName}`, email: client.user.email };
      expect((await auditRows(client.user.id)).map((r) => r.details)).toEqual([
        { from: 'user', to: 'owner', ...named },
        { from: 'owner', to: 'user', ...named },
      ]);
    });
  });

  describe('chat messages', () => {
    it('deletes a visitor message with its replies and exactly one audit row', async () => {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        payload: { name: 'Inés', email: 'ines@example.com', message: '¿Atendéis en francés?' },
        headers: { 'x-chat-token': randomBytes(32).toString('base64url') },
        remoteAddress: '10.9.2.1',
      });
      expect(sent.statusCode).toBe(201);
      const list = await as(admin, 'GET', '/api/admin/chat/messages?q=ines');
      const id = list.json().items[0].id as string;
      expect((await as(admin, 'DELETE', `/api/admin/chat/messages/${id}`)).statusCode).toBe(204);
      expect((await as(admin, 'GET', '/api/admin/chat/messages?q=ines')).json().items).toEqual([]);
      expect(await auditRows(id)).toEqual([expect.objectContaining({ action: 'DELETE', targetTable: 'general_chat_messages' })]);
    });
  });

  describe('cases and payments', () => {
    it('counts in the Clientes tab only the payments made: a cancelled checkout is none', async () => {
      const buyer = await createAccount(t, { firstName: 'Karim', lastName: 'Cuenta' });
      const hire = async (action: 'pay' | 'cancel') => {
        const checkout = await as(buyer, 'POST', '/api/payments/checkout', await acceptingLetter(t.app, { cookie: buyer.cookie }, { service: { id: 'arraigo' }, user: buyer.user }));
        const session = new URL(checkout.json().url).searchParams.get('session');
        expect((await as(buyer, 'POST', `/api/payments/test-checkout/${session}/${action}`)).statusCode).toBeLessThan(300);
      };
      await hire('cancel');
      await hire('pay');
      const list = await as(admin, 'GET', `/api/admin/clients?q=${encodeURIComponent(buyer.user.email)}`);
      expect(list.json().items).toEqual([expect.objectContaining({ cases: 1, consultations: 0, payments: 1 })]);
    });

    it('lists cases and payments; a stage move reaches the client timeline, their mail and the audit', async () => {
      const buyer = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
      const checkout = await as(buyer, 'POST', '/api/payments/checkout', await acceptingLetter(t.app, { cookie: buyer.cookie }, { service: { id: 'arraigo' }, user: buyer.user }));
      const session = new URL(checkout.json().url).searchParams.get('session');
      expect((await as(buyer, 'POST', `/api/payments/test-checkout/${session}/pay`)).statusCode).toBeLessThan(300);

      const cases = await as(admin, 'GET', '/api/admin/cases?q=amina');
      expect(cases.json().items).toEqual([
        expect.objectContaining({ client: { name: 'Amina Diallo', email: buyer.user.email }, stage: 'awaiting_documents' }),
      ]);
      const caseId = cases.json().items[0].id as number;
      expect(cases.json().items[0].displayId).toBe(`EXP-${String(caseId).padStart(3, '0')}`);

      const payments = await as(admin, 'GET', '/api/admin/payments?q=amina');
      expect(payments.json().items).toEqual([expect.objectContaining({ status: 'paid', amountCents: 30_000, client: expect.objectContaining({ name: 'Amina Diallo' }) })]);

      const changed = await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'reviewing_documents' });
      expect(changed.statusCode).toBe(200);
      const seen = await as(buyer, 'GET', '/api/cases');
      expect(seen.json()[0].history.map((h: { stage: string }) => h.stage)).toEqual(['awaiting_documents', 'reviewing_documents']);
      expect(seen.json()[0].stage).toBe('reviewing_documents');
      const notice = await mail.waitFor(buyer.user.email, /cambiado de fase/);
      expect(notice.text).toContain('Revisando documentación');

      expect((await as(admin, 'POST', `/api/admin/cases/${caseId}/messages`, { body: 'Falta el certificado de empadronamiento.' })).statusCode).toBe(201);
      expect((await auditRows(String(caseId))).map((row) => row.action).sort()).toEqual(['REPLY', 'STAGE_CHANGE']);
      expect((await as(admin, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: '   ' })).statusCode).toBe(400);

      const upload = multipartBody([{ name: 'document', filename: 'resolucion.pdf', content: sampleFiles.pdf() }]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/admin/cases/${caseId}/documents`,
        payload: upload.payload,
        headers: { ...upload.headers, cookie: admin.cookie },
      });
      expect(uploaded.statusCode).toBe(201);
      const documents = (await as(buyer, 'GET', '/api/cases')).json()[0].documents;
      expect(documents.map((d: { name: string }) => d.name)).toEqual(['resolucion.pdf']);
    });
  });

  describe('audit', () => {
    it('lists entries newest first with who did what, from which address', async () => {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/admin/news`,
        payload: { texts: { es: { title: 'Horario de Navidad', content: 'Cerramos el 24 por la tarde.' } }, publishedAt: new Date().toISOString() },
        headers: { cookie: admin.cookie, 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '198.51.100.20',
      });
      expect(reply.statusCode).toBe(201);
      const page = await as(admin, 'GET', '/api/admin/audit');
      expect(page.statusCode).toBe(200);
      expect(page.json().total).toBeGreaterThan(5);
      // Without TRUST_PROXY the forwarded header is not believed: the socket's address is recorded.
      expect(page.json().items[0]).toMatchObject({ admin: { email: admin.user.email }, ipAddress: '198.51.100.20', action: 'NEWS_CREATE', createdAt: expect.any(String) });
    });
  });
});
