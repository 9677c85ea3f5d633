import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import { translationRequestDocuments, translationRequests } from '#server/db/schema/index.ts';
import { createAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles, type FormPart } from '#server/test/multipart.ts';
import { javaArchive, wordDocumentBomb, wordDocumentWithEntry } from '#server/test/word-documents.ts';

const megabyte = 1024 * 1024;

const quoteFields = (overrides: Record<string, string | null> = {}): FormPart[] =>
  Object.entries({
    name: 'Ana García',
    phone: '+34600123456',
    email: 'ana@example.com',
    sourceLanguage: 'fr',
    targetLanguage: 'es',
    translationType: 'sworn',
    comments: 'Para la nacionalidad, urgente.',
    privacy: 'true',
    ...overrides,
  })
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ({ name, value }));

const requestFields = (overrides: Record<string, string | null> = {}): FormPart[] =>
  Object.entries({
    name: 'Luc Martin',
    email: 'luc@example.com',
    phone: '+33612345678',
    sourceLanguage: 'fr',
    targetLanguage: 'es',
    privacy: 'true',
    ...overrides,
  })
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ({ name, value }));

const file = (filename: string, content: Buffer, name = 'documents'): FormPart => ({ name, filename, content });

let ip = 0;
/** Each call from its own address, so the per-IP limit only shows where a test wants it. */
const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

describe('translation requests API', () => {
  let t: TestApp;
  let capture: MailCapture;
  let uploadsDir: string;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com' } });
    uploadsDir = path.join(t.app.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const storedFiles = (): string[] =>
    fs.existsSync(uploadsDir) ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile()) : [];
  const rowCount = async () => (await t.database.db.select().from(translationRequests)).length;

  const send = (url: string, parts: FormPart[], headers: Record<string, string> = {}, remoteAddress = nextIp()) => {
    const body = multipartBody(parts);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers }, remoteAddress });
  };
  const quote = (parts: FormPart[], headers?: Record<string, string>) => send('/api/translation-quotes', parts, headers);
  const request = (parts: FormPart[], headers?: Record<string, string>) => send('/api/translation-requests', parts, headers);

  const snapshot = async () => ({ rows: await rowCount(), files: storedFiles() });

  /** A refused request leaves no row and no file behind. */
  async function expectNothingKept(before: { rows: number; files: string[] }) {
    expect(await rowCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  }

  describe('the quote page', () => {
    it('keeps the request, its documents under generated names and the consent, and mails the firm and the sender', async () => {
      const started = Date.now();
      const response = await quote(
        [
          ...quoteFields({ email: 'Ana.Quote@Example.com' }),
          file('pasaporte.pdf', sampleFiles.pdf()),
          file('Acta de nacimiento.JPG', sampleFiles.jpeg()),
          file('contrato v1.2.docx', sampleFiles.docx()),
          file('antiguo.doc', sampleFiles.doc()),
          file('foto.png', sampleFiles.png()),
        ],
        { 'accept-language': 'fr' },
      );
      expect(response.statusCode).toBe(201);
      const { id } = response.json<{ id: string }>();

      const [row] = await t.database.db.select().from(translationRequests).where(eq(translationRequests.id, id));
      expect(row).toMatchObject({
        name: 'Ana García',
        email: 'ana.quote@example.com',
        phone: '+34600123456',
        sourceLanguage: 'fr',
        destinationLanguage: 'es',
        isSworn: true,
        textToTranslate: 'Para la nacionalidad, urgente.',
        privacyPolicyVersion,
      });
      expect(row?.privacyConsentedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);

      const documents = await t.database.db
        .select()
        .from(translationRequestDocuments)
        .where(eq(translationRequestDocuments.translationRequestId, id));
      expect(documents.map((d) => d.originalName).sort()).toEqual(
        ['Acta de nacimiento.JPG', 'antiguo.doc', 'contrato v1.2.docx', 'foto.png', 'pasaporte.pdf'].sort(),
      );
      for (const document of documents) {
        expect(document.storageKey).toMatch(/^translation-requests\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|jpg|docx|doc|png)$/);
        expect(document.storageKey).not.toContain(document.originalName);
        expect(fs.statSync(path.join(uploadsDir, document.storageKey)).size).toBe(2048);
        expect(document.sizeBytes).toBe(2048);
      }
      expect(documents.find((d) => d.originalName === 'pasaporte.pdf')?.contentType).toBe('application/pdf');

      const firm = await capture.waitFor('despacho@example.com', /presupuesto de traducción: Ana García/);
      expect(firm.text).toContain('Teléfono: +34600123456');
      expect(firm.text).toContain('pasaporte.pdf (2 KB)');
      expect(firm.text).toContain('Comentarios y urgencia: Para la nacionalidad, urgente.');
      expect(firm.text).toMatch(/Abrir el panel de administración\nhttp:\/\/localhost:3000\/admin/);
      const ack = await capture.waitFor('ana.quote@example.com');
      expect(ack.subject).toContain('Nous avons bien reçu votre demande de devis');
      expect(ack.text).toContain('sous 24/48 h');
      expect(ack.text).not.toContain('urgente');
    });

    it('accepts a request with no document and no optional field', async () => {
      const response = await quote(quoteFields({ sourceLanguage: null, targetLanguage: null, translationType: null, comments: null }));
      expect(response.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(translationRequests).where(eq(translationRequests.id, response.json().id));
      expect(row).toMatchObject({ sourceLanguage: null, destinationLanguage: null, isSworn: false, textToTranslate: null });
    });

    it.each([
      [{ name: '' }, 'name', 'Este campo es obligatorio'],
      [{ name: null }, 'name', 'Este campo es obligatorio'],
      [{ phone: '' }, 'phone', 'Este campo es obligatorio'],
      [{ phone: '600123456' }, 'phone', 'Introduce un número de teléfono válido.'],
      [{ phone: '+0600123456' }, 'phone', 'Introduce un número de teléfono válido.'],
      [{ phone: '+341234' }, 'phone', 'Introduce un número de teléfono válido.'],
      [{ phone: '+3460012345678901' }, 'phone', 'Introduce un número de teléfono válido.'],
      [{ email: '' }, 'email', 'Este campo es obligatorio'],
      [{ email: 'ana@' }, 'email', 'Introduce un email válido.'],
      [{ privacy: null }, 'privacy', 'Debes aceptar la política de privacidad.'],
      [{ privacy: 'false' }, 'privacy', 'Debes aceptar la política de privacidad.'],
      [{ sourceLanguage: 'klingon' }, 'sourceLanguage', 'Valor no válido.'],
    ])('refuses %o with the message of docs/product/messages.md and keeps no file', async (overrides, field, message) => {
      const before = await snapshot();
      const response = await quote([...quoteFields(overrides), file('pasaporte.pdf', sampleFiles.pdf())]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', issues: [{ path: field, message }] });
      await expectNothingKept(before);
    });

    it('takes a phone written with spaces in the international pattern', async () => {
      const response = await quote(quoteFields({ phone: '+34 600 12 34 56' }));
      expect(response.statusCode).toBe(201);
    });

    it.each([
      ['a PNG behind a .pdf name', 'pasaporte.pdf', sampleFiles.png()],
      ['a program behind a .pdf name', 'pasaporte.pdf', sampleFiles.exe()],
      ['a PDF behind a .docx name', 'contrato.docx', sampleFiles.pdf()],
      ['a Java archive renamed .docx', 'contrato.docx', javaArchive()],
      ['a .docx declaring 300 MB of zeros (a zip bomb)', 'contrato.docx', wordDocumentBomb(300)],
      ['a .docx with an entry named ../../../etc/cron.d/owned', 'contrato.docx', wordDocumentWithEntry('../../../etc/cron.d/owned')],
      ['a double extension hiding a program', 'factura.pdf.exe', sampleFiles.exe()],
      ['a double extension hiding a script', 'foto.php.jpg', sampleFiles.jpeg()],
      ['an executable', 'setup.exe', sampleFiles.exe()],
      ['a name without extension', 'pasaporte', sampleFiles.pdf()],
      ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ])('refuses %s with a translated 415 and removes the other files of the request', async (_case, filename, content) => {
      const before = await snapshot();
      const response = await quote([...quoteFields(), file('bueno.pdf', sampleFiles.pdf()), file(filename, content)]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        code: 'unsupportedMediaType',
        message: 'Tipo de archivo no permitido. Solo se admiten PDF, JPG, JPEG, PNG, DOC y DOCX.',
      });
      await expectNothingKept(before);
    });

    it.each(['../../etc/passwd.pdf', '..\\..\\windows\\evil.pdf', '/tmp/abs.pdf', 'sub/dir.pdf', '.pdf'])(
      'refuses the file name %s and never uses it as a path',
      async (filename) => {
        const before = await snapshot();
        const response = await quote([...quoteFields(), file(filename, sampleFiles.pdf())], { 'accept-language': 'en' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'validation', message: 'The file name is not valid.' });
        await expectNothingKept(before);
        expect(fs.existsSync(path.join(t.app.config.dataDir, 'etc'))).toBe(false);
      },
    );

    it('refuses an empty file', async () => {
      const before = await snapshot();
      const response = await quote([...quoteFields(), file('vacio.pdf', Buffer.alloc(0))]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'validation', message: 'El archivo está vacío.' });
      await expectNothingKept(before);
    });

    it('refuses a file over 10 MB while it streams, and removes the files already stored', async () => {
      const before = await snapshot();
      const response = await quote([
        ...quoteFields(),
        file('bueno.pdf', sampleFiles.pdf()),
        file('enorme.pdf', sampleFiles.pdf(10 * megabyte + 1)),
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'payloadTooLarge', message: 'Archivo demasiado grande. El tamaño máximo es 10MB.' });
      expect(response.headers.connection).toBe('close');
      await expectNothingKept(before);
    });

    it('accepts a file of exactly 10 MB', async () => {
      const response = await quote([...quoteFields(), file('justo.pdf', sampleFiles.pdf(10 * megabyte))]);
      expect(response.statusCode).toBe(201);
    });

    it('refuses more than 5 files', async () => {
      const before = await snapshot();
      const files = Array.from({ length: 6 }, (_, i) => file(`doc${i}.pdf`, sampleFiles.pdf()));
      const response = await quote([...quoteFields(), ...files]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'validation', message: 'Puedes adjuntar como máximo 5 archivos.' });
      await expectNothingKept(before);
    });

    it('refuses a declared body larger than the rule allows before reading it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/translation-quotes',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * megabyte) },
        payload: '--x--\r\n',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(413);
      expect(response.headers.connection).toBe('close');
    });

    it('cuts off a 50 MB body sent without a length, reading only a little past the limit', async () => {
      const before = await snapshot();
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { payload, headers } = multipartBody(quoteFields());
      const boundary = /boundary=(.+)$/.exec(headers['content-type'] ?? '')?.[1] ?? '';
      const head = Buffer.concat([
        payload.subarray(0, payload.length - `--${boundary}--\r\n`.length),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`),
      ]);
      const req = http.request(`${address}/api/translation-quotes`, {
        method: 'POST',
        headers: { ...headers, 'transfer-encoding': 'chunked' },
      });
      req.on('error', () => {});
      const answer = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      let isAnswered = false;
      void answer.then(() => (isAnswered = true));

      let sent = 0;
      const chunk = Buffer.alloc(256 * 1024, 0x41);
      req.write(head);
      while (sent < 50 * megabyte && !isAnswered) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          await Promise.race([new Promise((resolve) => req.once('drain', resolve)), answer, new Promise((r) => setTimeout(r, 2000))]);
        }
      }
      const response = await answer;
      expect(response.statusCode).toBe(413);
      expect(sent).toBeLessThan(30 * megabyte);
      req.destroy();
      await expectNothingKept(before);
    });

    it.each([
      ['a truncated body', (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna`],
      ['a body of garbage', () => 'garbage without any boundary'],
    ])('answers %s with a 400, never a 5xx', async (_case, body) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/translation-quotes',
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload: body('abc'),
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
    });

    it('answers a JSON body with a translated 415', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/translation-quotes', payload: { name: 'Ana' }, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupportedMediaType' });
    });

    it('drops a request whose honeypot is filled, as if accepted, keeping nothing and mailing no one', async () => {
      const before = await snapshot();
      const response = await quote([...quoteFields({ email: 'bot@example.com', website: 'http://spam.example' }), file('a.pdf', sampleFiles.pdf())]);
      expect(response.statusCode).toBe(201);
      await expectNothingKept(before);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(capture.messages.some((m) => m.to.includes('bot@example.com'))).toBe(false);
    });

    it('limits each IP address, with a translated 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const body = multipartBody(quoteFields({ name: '' }));
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/translation-quotes',
          payload: body.payload,
          headers: { ...body.headers, 'accept-language': 'en' },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(response.statusCode);
        if (i === 10) expect(response.json()).toEqual({ code: 'rateLimited', message: 'Too many attempts. Please wait a moment and try again.' });
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('the services page form', () => {
    it('keeps a request with only the text to translate', async () => {
      const response = await request(requestFields({ text: 'Acte de naissance de Luc Martin.' }));
      expect(response.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(translationRequests).where(eq(translationRequests.id, response.json().id));
      expect(row).toMatchObject({ textToTranslate: 'Acte de naissance de Luc Martin.', isSworn: true, privacyPolicyVersion });
      const firm = await capture.waitFor('despacho@example.com', /Nueva solicitud de traducción: Luc Martin/);
      expect(firm.text).toContain('Texto a traducir: Acte de naissance de Luc Martin.');
      await capture.waitFor('luc@example.com', /Hemos recibido tu solicitud de traducción/);
    });

    it('keeps a request with only a document', async () => {
      const response = await request([...requestFields(), file('acte.png', sampleFiles.png(), 'document')]);
      expect(response.statusCode).toBe(201);
    });

    it('needs the text or a document (Información incompleta)', async () => {
      const response = await request(requestFields({ text: '   ' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'validation', message: 'Por favor, pega el texto a traducir o sube un documento.' });
    });

    it.each([
      [{ name: '' }, 'name', 'Este campo es obligatorio'],
      [{ email: '' }, 'email', 'Este campo es obligatorio'],
      [{ phone: '' }, 'phone', 'Este campo es obligatorio'],
      [{ sourceLanguage: null }, 'sourceLanguage', 'Este campo es obligatorio'],
      [{ targetLanguage: null }, 'targetLanguage', 'Este campo es obligatorio'],
      [{ targetLanguage: 'tlh' }, 'targetLanguage', 'Este campo es obligatorio'],
      [{ privacy: null }, 'privacy', 'Debes aceptar la política de privacidad.'],
    ])('refuses %o', async (overrides, field, message) => {
      const response = await request([...requestFields({ text: 'Hola', ...overrides })]);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({ path: field, message });
    });

    it.each([
      ['a Word document', 'carta.docx', sampleFiles.docx(), 415, 'Tipo de archivo no permitido. Solo se admiten PDF, JPG y PNG.'],
      ['a file over 5 MB', 'acte.pdf', sampleFiles.pdf(5 * megabyte + 1), 413, 'Archivo demasiado grande. El tamaño máximo es 5MB.'],
    ])('refuses %s', async (_case, filename, content, status, message) => {
      const before = await snapshot();
      const response = await request([...requestFields(), file(filename, content, 'document')]);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
      await expectNothingKept(before);
    });

    it('refuses a second document', async () => {
      const before = await snapshot();
      const response = await request([
        ...requestFields(),
        file('a.pdf', sampleFiles.pdf(), 'document'),
        file('b.pdf', sampleFiles.pdf(), 'document'),
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Solo puedes adjuntar un documento.');
      await expectNothingKept(before);
    });
  });

  describe('documents for admins only', () => {
    let requestId: string;
    let documentId: string;
    const content = sampleFiles.pdf(4096);

    beforeAll(async () => {
      const response = await quote([...quoteFields(), file('Pasaporte «Ana» García.pdf', content)]);
      requestId = response.json().id;
      const [document] = await t.database.db
        .select()
        .from(translationRequestDocuments)
        .where(eq(translationRequestDocuments.translationRequestId, requestId));
      documentId = document?.id ?? '';
    });

    const listUrl = () => `/api/admin/translation-requests/${requestId}/documents`;
    const downloadUrl = () => `${listUrl()}/${documentId}`;

    it('answers 401 to anonymous visitors and 403 to clients', async () => {
      expect((await t.app.inject({ url: downloadUrl() })).statusCode).toBe(401);
      expect((await t.app.inject({ url: listUrl() })).statusCode).toBe(401);
      const client = await createAccount(t, { role: 'user' });
      expect((await t.app.inject({ url: downloadUrl(), headers: { cookie: client.cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ url: listUrl(), headers: { cookie: client.cookie } })).statusCode).toBe(403);
    });

    it('lists and downloads the document for an admin, under its original name', async () => {
      const admin = await createAccount(t, { role: 'admin' });
      const list = await t.app.inject({ url: listUrl(), headers: { cookie: admin.cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        { id: documentId, originalName: 'Pasaporte «Ana» García.pdf', contentType: 'application/pdf', sizeBytes: 4096, createdAt: expect.any(String) },
      ]);

      const download = await t.app.inject({ url: downloadUrl(), headers: { cookie: admin.cookie } });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['cache-control']).toBe('private, no-store');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Pasaporte _Ana_ Garc_a.pdf"; filename*=UTF-8''${encodeURIComponent('Pasaporte «Ana» García.pdf')}`,
      );
      expect(download.rawPayload.equals(content)).toBe(true);
    });

    it('answers 404 for a document of another request or an unknown one', async () => {
      const admin = await createAccount(t, { role: 'admin' });
      const other = await quote(quoteFields());
      const response = await t.app.inject({
        url: `/api/admin/translation-requests/${other.json().id}/documents/${documentId}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(404);
      const unknown = await t.app.inject({ url: `${listUrl()}/00000000-0000-4000-8000-000000000000`, headers: { cookie: admin.cookie } });
      expect(unknown.statusCode).toBe(404);
      const malformed = await t.app.inject({ url: `${listUrl()}/..%2F..%2Fetc`, headers: { cookie: admin.cookie } });
      expect(malformed.statusCode).toBe(400);
    });
  });
});
