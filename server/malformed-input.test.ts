import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { multipartBody } from '#server/test/multipart.ts';

/** Every route that takes input, with ':p' where a path parameter goes (streams are left out: they stay open). */
const routes = [
  'POST /api/account/register',
  'POST /api/account/sign-in',
  'POST /api/account/confirmation/resend',
  'POST /api/account/password/forgot',
  'POST /api/account/password/reset',
  'GET /api/auth/verify-email',
  'GET /api/auth/reset-password/:p',
  'PUT /api/profile',
  'GET /api/news/:p',
  'POST /api/contact-requests',
  'POST /api/consultations/expatriation',
  'POST /api/translation-quotes',
  'POST /api/translation-requests',
  'POST /api/payments/checkout',
  'GET /api/payments/quote/:p',
  'POST /api/payments/webhook',
  'GET /api/payments/test-checkout/:p',
  'POST /api/payments/test-checkout/:p/pay',
  'POST /api/payments/test-checkout/:p/cancel',
  'POST /api/cases/:p/documents',
  'GET /api/cases/:p/documents/:p',
  'POST /api/cases/:p/messages',
  'POST /api/chat/messages',
  'GET /api/chat/conversation',
  'GET /api/admin/cases/:p',
  'POST /api/admin/cases/:p/documents',
  'GET /api/admin/cases/:p/documents/:p',
  'POST /api/admin/cases/:p/messages',
  'PUT /api/admin/cases/:p/stage',
  'PUT /api/admin/cases/:p/filing',
  'PUT /api/admin/cases/:p/seen',
  'PUT /api/cases/:p/seen',
  'DELETE /api/admin/contact-requests/:p',
  'DELETE /api/admin/translation-requests/:p',
  'GET /api/admin/translation-requests/:p/documents/:p',
  'PATCH /api/admin/consultations/:p',
  'DELETE /api/admin/consultations/:p',
  'PUT /api/admin/clients/:p/role',
  'DELETE /api/admin/chat/messages/:p',
  'GET /api/admin/chat/messages/:p/conversation',
  'POST /api/admin/chat/messages/:p/replies',
  'POST /api/admin/news',
  'PUT /api/admin/news/:p',
  'DELETE /api/admin/news/:p',
  'GET /api/admin/agenda',
  'POST /api/admin/agenda/events',
  'PUT /api/admin/agenda/events/:p',
  'DELETE /api/admin/agenda/events/:p',
  'GET /api/admin/clients',
  'GET /api/admin/audit',
] as const;

const params = ['x', '-1', '0', '1.5', '99999999999999999999', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(300)];
const queries = ['', '?page=-1', '?page=abc&q=' + 'z'.repeat(500), '?from=2026-02-30&to=2026-03-01', '?limit=1e309', '?token=%00&callbackURL=javascript:alert(1)'];
const bodies: (string | undefined)[] = [
  undefined,
  '{',
  'null',
  '[]',
  '"texto"',
  '{}',
  JSON.stringify({ email: ['a'], password: { x: 1 }, page: 'x', date: '2026-02-30', dateOfBirth: '1990-02-30', status: 7, stage: 7, filedOn: '2026-02-30', role: 'root' }),
  JSON.stringify({ firstName: 'Ana', lastName: 'G', email: 'ana@example.com', phone: '+34600000000', dateOfBirth: '1990-02-30' }),
  JSON.stringify({ name: 'Ana\u0000', email: 'a@example.com\u0000', message: 'Hola\u0000', privacy: true, status: 'x\u0000', body: '\u0000', stage: 'filed', note: 'x\u0000', fileNumber: '\u0000', office: 'x\u0000' }),
  JSON.stringify({ title: 'T', content: 'C', publishedAt: '2026-02-30T10:00:00Z', date: '2026-02-30', time: '25:61' }),
];

describe('malformed input never reaches a 5xx', () => {
  let t: TestApp;
  let admin: TestAccount;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it.each(routes)('%s', async (route) => {
    const [method, pattern] = route.split(' ') as [string, string];
    const failures: string[] = [];
    for (const param of params) {
      for (const query of queries) {
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : bodies) {
          const url = pattern.replaceAll(':p', param) + query;
          const response = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { cookie: admin.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: body }),
            // A new address each time, so the rate limits answer 429 less often than the routes themselves.
            remoteAddress: `10.77.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
          });
          if (response.statusCode >= 500) failures.push(`${method} ${url} ${body ?? ''} → ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(['/api/translation-quotes', '/api/translation-requests'])('refuses a NUL character in a form field of %s with a 400', async (url) => {
    const body = multipartBody([
      { name: 'name', value: 'Ana\u0000' },
      { name: 'email', value: 'ana@example.com' },
      { name: 'phone', value: '+34600123456' },
      { name: 'sourceLanguage', value: 'fr' },
      { name: 'targetLanguage', value: 'es' },
      { name: 'text', value: 'Hola' },
      { name: 'privacy', value: 'true' },
    ]);
    const response = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers, remoteAddress: '10.78.0.1' });
    expect(response.statusCode).toBe(400);
  });

  it.each(['/api/translation-quotes', '/api/translation-requests'])('answers a multipart body cut before its closing boundary on %s with a 400', async (url) => {
    const body = multipartBody([
      { name: 'name', value: 'Ana' },
      { name: 'email', value: 'ana@example.com' },
      { name: 'document', filename: 'pasaporte.pdf', content: Buffer.from('%PDF-1.4\n') },
    ]);
    const closing = body.payload.lastIndexOf('\r\n--');
    const cut = body.payload.subarray(0, closing);
    const response = await t.app.inject({ method: 'POST', url, payload: cut, headers: body.headers, remoteAddress: '10.78.0.2' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation' });
  });
});
