import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDocuments, caseMessages, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles, type FormPart } from '#server/test/multipart.ts';

const megabyte = 1024 * 1024;
const file = (filename: string, content: Buffer, name = 'document'): FormPart => ({ name, filename, content });

describe('cases: documents and the thread with the lawyer', () => {
  let t: TestApp;
  let capture: MailCapture;
  let uploadsDir: string;
  let client: TestAccount;
  let caseId: number;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com' } });
    uploadsDir = path.join(t.app.config.dataDir, 'uploads');
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    caseId = await createPaidCase(t.app, client);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const storedFiles = (): string[] =>
    fs.existsSync(uploadsDir)
      ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile())
      : [];
  const documentCount = async () => (await t.database.db.select().from(caseDocuments)).length;
  const snapshot = async () => ({ rows: await documentCount(), files: storedFiles() });
  async function expectNothingKept(before: { rows: number; files: string[] }) {
    expect(await documentCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  }

  const upload = (account: TestAccount, id: number, parts: FormPart[], headers: Record<string, string> = {}) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/cases/${id}/documents`,
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie, ...headers },
    });
  };

  describe('uploads (product rules: one PDF, JPEG or PNG of up to 10 MB)', () => {
    it.each([
      ['a PDF', 'pasaporte.pdf', sampleFiles.pdf(), 'application/pdf'],
      ['a JPEG', 'Foto Carné.JPG', sampleFiles.jpeg(), 'image/jpeg'],
      ['a PNG', 'empadronamiento.png', sampleFiles.png(), 'image/png'],
      ['a file of exactly 10 MB', 'justo.pdf', sampleFiles.pdf(10 * megabyte), 'application/pdf'],
    ])('keeps %s under a generated name and lists it on the case', async (_case, filename, content, contentType) => {
      const response = await upload(client, caseId, [file(filename, content)]);
      expect(response.statusCode).toBe(201);
      const document = response.json();
      expect(document).toEqual({ id: expect.any(String), name: filename, contentType, sizeBytes: content.length, createdAt: expect.any(String) });
      const [row] = await t.database.db.select().from(caseDocuments).where(eq(caseDocuments.id, document.id));
      expect(row).toMatchObject({ caseId, uploadedBy: client.user.id });
      expect(row?.storagePath).toMatch(/^case-documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|jpg|png)$/);
      expect(fs.statSync(path.join(uploadsDir, row?.storagePath ?? '')).size).toBe(content.length);
      const cases = await t.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } });
      expect(cases.json()[0].documents).toContainEqual(document);
    });

    it('asks for a file when none is chosen (Selecciona un archivo.)', async () => {
      const before = await snapshot();
      const none = await upload(client, caseId, []);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ code: 'validation', message: 'Selecciona un archivo.' });
      const empty = await upload(client, caseId, [{ name: 'document', filename: '', content: Buffer.alloc(0) }]);
      expect(empty.json()).toEqual({ code: 'validation', message: 'Selecciona un archivo.' });
      await expectNothingKept(before);
    });

    it('refuses a file over 10 MB while it streams (Archivo demasiado grande / El tamaño máximo es 10MB.)', async () => {
      const before = await snapshot();
      const response = await upload(client, caseId, [file('enorme.pdf', sampleFiles.pdf(10 * megabyte + 1))]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'payloadTooLarge', message: 'Archivo demasiado grande. El tamaño máximo es 10MB.' });
      await expectNothingKept(before);
    });

    it.each([
      ['a Word document', 'carta.docx', sampleFiles.docx()],
      ['a PNG behind a .pdf name', 'pasaporte.pdf', sampleFiles.png()],
      ['a program', 'setup.exe', sampleFiles.exe()],
      ['a double extension', 'factura.pdf.exe', sampleFiles.exe()],
      ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ])('refuses %s (Tipo de archivo no permitido / Solo se admiten PDF, JPG y PNG.)', async (_case, filename, content) => {
      const before = await snapshot();
      const response = await upload(client, caseId, [file(filename, content)], { 'accept-language': 'es' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'unsupportedMediaType', message: 'Tipo de archivo no permitido. Solo se admiten PDF, JPG y PNG.' });
      await expectNothingKept(before);
    });

    it('answers in the client’s language', async () => {
      const response = await upload(client, caseId, [file('carta.docx', sampleFiles.docx())], { 'accept-language': 'fr' });
      expect(response.json().message).toBe('Type de fichier non autorisé. Seuls les PDF, JPG et PNG sont acceptés.');
    });

    it('refuses an empty file, a path as name, and a second file', async () => {
      const before = await snapshot();
      expect((await upload(client, caseId, [file('vacio.pdf', Buffer.alloc(0))])).json().message).toBe('El archivo está vacío.');
      expect((await upload(client, caseId, [file('../../etc/passwd.pdf', sampleFiles.pdf())])).statusCode).toBe(400);
      const two = await upload(client, caseId, [file('a.pdf', sampleFiles.pdf()), file('b.pdf', sampleFiles.pdf())]);
      expect(two.statusCode).toBe(400);
      expect(two.json().message).toBe('Sube los documentos de uno en uno.');
      await expectNothingKept(before);
    });

    it('refuses a JSON body', async () => {
      const response = await t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, headers: { cookie: client.cookie }, payload: {} });
      expect(response.statusCode).toBe(415);
    });

    it('stores nothing for another client’s case, an unknown case or an anonymous visitor', async () => {
      const before = await snapshot();
      const intruder = await createAccount(t);
      const other = await upload(intruder, caseId, [file('malicioso.pdf', sampleFiles.pdf())]);
      expect(other.statusCode).toBe(404);
      expect((await upload(client, 999_999, [file('a.pdf', sampleFiles.pdf())])).statusCode).toBe(404);
      const body = multipartBody([file('a.pdf', sampleFiles.pdf())]);
      const anonymous = await t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, payload: body.payload, headers: body.headers });
      expect(anonymous.statusCode).toBe(401);
      await expectNothingKept(before);
    });
  });

  describe('downloads: only through routes that check who asks', () => {
    let documentId: string;
    const content = sampleFiles.pdf(4096);

    beforeAll(async () => {
      documentId = (await upload(client, caseId, [file('Pasaporte «Amina».pdf', content)])).json().id;
    });

    it('gives the client their own document, never cached, under its original name', async () => {
      const response = await t.app.inject({ url: `/api/cases/${caseId}/documents/${documentId}`, headers: { cookie: client.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Pasaporte «Amina».pdf')}`);
      expect(response.rawPayload.equals(content)).toBe(true);
    });

    it('answers 404 and no bytes for another client’s case or document ids', async () => {
      const intruder = await createAccount(t);
      const intruderCase = await createPaidCase(t.app, intruder, 'nie-crue');
      const attempts = [
        `/api/cases/${caseId}/documents/${documentId}`,
        `/api/cases/${intruderCase}/documents/${documentId}`,
        `/api/cases/${caseId}/documents/00000000-0000-4000-8000-000000000000`,
      ];
      for (const url of attempts) {
        const response = await t.app.inject({ url, headers: { cookie: intruder.cookie } });
        expect(response.statusCode).toBe(404);
        expect(response.rawPayload.includes(content.subarray(0, 16))).toBe(false);
      }
      const cases = await t.app.inject({ url: '/api/cases', headers: { cookie: intruder.cookie } });
      expect(cases.json().map((c: { id: number }) => c.id)).toEqual([intruderCase]);
      expect((await t.app.inject({ url: `/api/cases/${caseId}/documents/${documentId}` })).statusCode).toBe(401);
      expect((await t.app.inject({ url: `/api/cases/${caseId}/documents/..%2F..%2Fetc`, headers: { cookie: client.cookie } })).statusCode).toBe(400);
    });

    it('lets an admin see the case and download its documents, and nobody else use the admin routes', async () => {
      const admin = await createAccount(t, { role: 'admin' });
      const detail = await t.app.inject({ url: `/api/admin/cases/${caseId}`, headers: { cookie: admin.cookie } });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().documents.map((d: { id: string }) => d.id)).toContain(documentId);
      for (const url of [`/api/admin/cases/${caseId}/documents/${documentId}`, `/api/cases/${caseId}/documents/${documentId}`]) {
        const response = await t.app.inject({ url, headers: { cookie: admin.cookie } });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(content)).toBe(true);
      }
      const forbidden = await t.app.inject({ url: `/api/admin/cases/${caseId}/documents/${documentId}`, headers: { cookie: client.cookie } });
      expect(forbidden.statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/admin/cases/${caseId}`, headers: { cookie: client.cookie } })).statusCode).toBe(403);
    });

    it('tells the firm the language the client’s account uses, to write to them in it', async () => {
      const admin = await createAccount(t, { role: 'admin' });
      const french = await createAccount(t, { firstName: 'Chloé', lastName: 'Martin' });
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.user.id));
      const frenchCase = await createPaidCase(t.app, french);
      const detail = await t.app.inject({ url: `/api/admin/cases/${frenchCase}`, headers: { cookie: admin.cookie } });
      expect(detail.json().client).toMatchObject({ firstName: 'Chloé', email: french.user.email, language: 'fr' });
      expect((await t.app.inject({ url: `/api/admin/cases/${caseId}`, headers: { cookie: admin.cookie } })).json().client.language).toBe('es');
    });

    it('shows a PDF inline for the back office’s preview, framed only by the site’s own pages, and never sniffed', async () => {
      const admin = await createAccount(t, { role: 'admin' });
      const url = `/api/admin/cases/${caseId}/documents/${documentId}`;
      const shown = await t.app.inject({ url: `${url}?disposition=inline`, headers: { cookie: admin.cookie } });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('application/pdf');
      expect(shown.headers['content-disposition']).toMatch(/^inline; filename="Pasaporte _Amina_.pdf"/);
      expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      expect(shown.headers['cache-control']).toBe('private, no-store');
      expect(shown.rawPayload.equals(content)).toBe(true);
      const saved = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
      expect(saved.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect((await t.app.inject({ url: `${url}?disposition=page`, headers: { cookie: admin.cookie } })).statusCode).toBe(400);
    });
  });

  describe('the message to the lawyer, now really sent', () => {
    const send = (account: TestAccount, id: number, body: unknown, url = `/api/cases/${id}/messages`) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: account.cookie }, payload: { body } });

    it('keeps the message on the case and mails it to the firm’s inbox', async () => {
      const response = await send(client, caseId, '  He subido el empadronamiento. ¿Falta algo más?  ');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.any(String), author: 'client', body: 'He subido el empadronamiento. ¿Falta algo más?', createdAt: expect.any(String) });
      const mail = await capture.waitFor('despacho@example.com', /Nuevo mensaje en el expediente EXP-\d{3}: Amina Diallo/);
      expect(mail.text).toContain('He subido el empadronamiento. ¿Falta algo más?');
      expect(mail.text).toContain('Arraigo');
      expect(mail.text).toContain(client.user.email);
      const cases = await t.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } });
      expect(cases.json()[0].messages).toContainEqual(response.json());
    });

    it('refuses an empty message and another client’s case, storing nothing', async () => {
      const before = (await t.database.db.select().from(caseMessages)).length;
      const empty = await send(client, caseId, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues).toContainEqual({ path: 'body', message: 'Este campo es obligatorio' });
      const intruder = await createAccount(t);
      expect((await send(intruder, caseId, 'Hola')).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/messages`, payload: { body: 'Hola' } })).statusCode).toBe(401);
      expect((await t.database.db.select().from(caseMessages)).length).toBe(before);
    });

    it('lets the firm answer in the thread, mailing the client in their language', async () => {
      const admin = await createAccount(t, { role: 'admin' });
      const reply = await send(admin, caseId, 'Todo correcto, presentamos la solicitud mañana.', `/api/admin/cases/${caseId}/messages`);
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({ author: 'firm', body: 'Todo correcto, presentamos la solicitud mañana.' });
      const mail = await capture.waitFor(client.user.email, /Tu abogado ha respondido en el expediente EXP-\d{3}/);
      expect(mail.text).toContain('Todo correcto, presentamos la solicitud mañana.');
      expect(mail.text).toMatch(/Ver mi panel\nhttp:\/\/localhost:3000\/panel/);

      const thread = (await t.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } })).json()[0].messages;
      expect(thread.map((m: { author: string }) => m.author).slice(-2)).toEqual(['client', 'firm']);
      expect((await send(client, caseId, 'x', `/api/admin/cases/${caseId}/messages`)).statusCode).toBe(403);
      expect((await send(admin, 999_999, 'x', `/api/admin/cases/999999/messages`)).statusCode).toBe(404);
    });
  });
});
