import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import { contactFormSubmissions } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const valid = {
  name: 'Fatima Benali',
  email: 'fatima@example.com',
  phone: '+34 600 12 34 56',
  subject: 'extranjeria',
  message: 'Quiero renovar mi tarjeta de residencia.',
  privacy: true,
};

let ip = 0;
const nextIp = () => `10.2.0.${++ip}`;

describe('contact requests API', () => {
  let t: TestApp;
  let capture: MailCapture;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'https://asesoria.example' } });
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/contact-requests', payload, headers, remoteAddress });
  const rows = () => t.database.db.select().from(contactFormSubmissions);

  it('keeps the request with the consent record, mails the firm a summary and the sender an acknowledgment in their language', async () => {
    const started = Date.now();
    const response = await send({ ...valid, email: 'Fatima.Contact@Example.com' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactFormSubmissions).where(eq(contactFormSubmissions.id, response.json().id));
    expect(row).toMatchObject({
      name: 'Fatima Benali',
      email: 'fatima.contact@example.com',
      phone: '+34600123456',
      subject: 'extranjeria',
      message: 'Quiero renovar mi tarjeta de residencia.',
      privacyPolicyVersion,
    });
    expect(row?.privacyConsentedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row?.privacyConsentedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const firm = await capture.waitFor('despacho@example.com', /Nueva solicitud de contacto: Fatima Benali/);
    expect(firm.text).toContain('Asunto: Trámites de Extranjería');
    expect(firm.text).toContain('Mensaje: Quiero renovar mi tarjeta de residencia.');
    expect(firm.text).toContain('Idioma: inglés');
    expect(firm.text).toContain('Abrir el panel de administración\nhttps://asesoria.example/admin');
    expect(firm.html).toContain('href="https://asesoria.example/admin"');

    const ack = await capture.waitFor('fatima.contact@example.com');
    expect(ack.subject).toContain('We have received your request');
    expect(ack.text).toContain('within 24-48 business hours');
    expect(ack.text).toContain('Subject: Immigration procedures');
    // The sender's own words are never mailed back: the form cannot relay a message to someone else.
    expect(ack.text).not.toContain('renovar');
  });

  it('acknowledges to an address nobody confirmed without the name typed with it; the firm reads that name as words, never as a link', async () => {
    const name = 'Cuenta bloqueada. Verifique en https://evil.test/login';
    expect((await send({ ...valid, name, email: 'victima.contacto@example.com' })).statusCode).toBe(201);
    const ack = await capture.waitFor('victima.contacto@example.com');
    expect(ack.text.split('\n')[0]).toBe('Hola:');
    for (const part of [ack.subject, ack.text, ack.html]) {
      expect(part).not.toContain('Cuenta bloqueada');
      expect(part).not.toContain('evil');
    }
    const firm = await capture.waitFor('despacho@example.com', /Cuenta bloqueada/);
    expect(firm.text).toContain('Nombre: Cuenta bloqueada. Verifique en https[:]//evil[.]test/login');
    for (const part of [firm.subject, firm.text, firm.html]) expect(part).not.toMatch(/evil\.test|https?:\/\/evil/);
  });

  it('takes phone and subject as optional', async () => {
    const response = await send({ name: 'Ana', email: 'ana@example.com', message: 'Hola', privacy: true, phone: '' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactFormSubmissions).where(eq(contactFormSubmissions.id, response.json().id));
    expect(row).toMatchObject({ phone: null, subject: null });
  });

  it.each([
    [{ name: '' }, 'name', 'Este campo es obligatorio'],
    [{ name: '   ' }, 'name', 'Este campo es obligatorio'],
    [{ name: undefined }, 'name', 'Este campo es obligatorio'],
    [{ email: '' }, 'email', 'Este campo es obligatorio'],
    [{ email: 'no-es-un-email' }, 'email', 'Introduce un email válido.'],
    [{ message: '' }, 'message', 'Este campo es obligatorio'],
    [{ message: 'x'.repeat(5001) }, 'message', 'El texto es demasiado largo.'],
    [{ phone: 'abc' }, 'phone', 'Introduce un número de teléfono válido.'],
    [{ subject: 'spam' }, 'subject', 'Valor no válido.'],
    [{ privacy: false }, 'privacy', 'Debes aceptar la política de privacidad para continuar.'],
    [{ privacy: undefined }, 'privacy', 'Debes aceptar la política de privacidad para continuar.'],
  ])('refuses %o with the message of docs/product/messages.md and keeps nothing', async (overrides, field, message) => {
    const before = (await rows()).length;
    const response = await send({ ...valid, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', message: 'Revisa los datos del formulario.' });
    expect(response.json().issues).toContainEqual({ path: field, message });
    expect((await rows()).length).toBe(before);
  });

  it('answers the validation messages in the visitor language', async () => {
    const response = await send({ ...valid, name: '', privacy: false }, { 'accept-language': 'fr' });
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Ce champ est obligatoire' },
        { path: 'privacy', message: 'Vous devez accepter la politique de confidentialité pour continuer.' },
      ]),
    );
  });

  it('drops a request whose honeypot is filled, as if accepted', async () => {
    const before = (await rows()).length;
    const response = await send({ ...valid, email: 'robot@example.com', website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect((await rows()).length).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(capture.messages.some((m) => m.to.includes('robot@example.com'))).toBe(false);
  });

  it('limits each IP address to 10 requests an hour, with a translated 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await send({ ...valid, message: '' }, {}, '10.2.9.9')).statusCode);
    expect(statuses.every((status) => status === 400)).toBe(true);
    const refused = await send(valid, { 'accept-language': 'es' }, '10.2.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' });
    expect((await send(valid, {}, '10.2.9.10')).statusCode).toBe(201);
  });
});
