import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import { consultations } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const valid = {
  name: 'Jean Dupont',
  email: 'jean@example.com',
  phone: '+33612345678',
  originCountry: 'Francia',
  destinationCity: 'Elche',
  objectives: { work: true, entrepreneurship: true },
  arrivalDate: '2027-03',
  message: 'Nos mudamos en familia.',
  privacy: true,
};

let ip = 0;
const nextIp = () => `10.3.0.${++ip}`;

describe('expatriation consultations API', () => {
  let t: TestApp;
  let capture: MailCapture;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/consultations/expatriation', payload, headers, remoteAddress: nextIp() });

  it('keeps an anonymous pending consultation of type expatriacion with every detail and the consent record', async () => {
    const response = await send(valid, { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(consultations).where(eq(consultations.id, response.json().id));
    expect(row).toMatchObject({
      userId: null,
      consultationType: 'expatriacion',
      status: 'pendiente',
      privacyPolicyVersion,
      details: {
        name: 'Jean Dupont',
        email: 'jean@example.com',
        phone: '+33612345678',
        origin_country: 'Francia',
        destination_city: 'Elche',
        objectives: { work: true, studies: false, reunification: false, entrepreneurship: true, other: false },
        arrival_date: '2027-03',
        message: 'Nos mudamos en familia.',
        gdpr: true,
      },
    });
    expect(row?.privacyConsentedAt).toBeInstanceOf(Date);

    const firm = await capture.waitFor('despacho@example.com', /Nueva consulta de expatriación: Jean Dupont/);
    expect(firm.text).toContain('Objetivo: Trabajo, Emprendimiento');
    expect(firm.text).toContain('Mensaje: Nos mudamos en familia.');
    const ack = await capture.waitFor('jean@example.com');
    expect(ack.subject).toContain("Nous avons bien reçu votre consultation d'expatriation");
    expect(ack.text).toContain('sous 24 à 48 heures ouvrables');
  });

  it('needs only name, email and the consent', async () => {
    const response = await send({ name: 'Ana', email: 'ana@example.com', privacy: true });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    [{ name: '' }, 'name', 'Este campo es obligatorio'],
    [{ email: '' }, 'email', 'Este campo es obligatorio'],
    [{ email: 'jean' }, 'email', 'Introduce un email válido.'],
    [{ privacy: false }, 'privacy', 'Debes aceptar la política de privacidad.'],
    [{ phone: '612345678' }, 'phone', 'Introduce un número de teléfono válido.'],
    [{ arrivalDate: '2027-13' }, 'arrivalDate', 'Indica el mes y el año de llegada.'],
  ])('refuses %o with its message and keeps nothing', async (overrides, field, message) => {
    const before = (await t.database.db.select().from(consultations)).length;
    const response = await send({ ...valid, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: field, message });
    expect((await t.database.db.select().from(consultations)).length).toBe(before);
  });

  it('drops a request whose honeypot is filled, as if accepted', async () => {
    const before = (await t.database.db.select().from(consultations)).length;
    const response = await send({ ...valid, website: 'x' });
    expect(response.statusCode).toBe(201);
    expect((await t.database.db.select().from(consultations)).length).toBe(before);
  });

  it('limits each IP address, with a translated 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/consultations/expatriation',
        payload: {},
        headers: { 'accept-language': 'en' },
        remoteAddress: '10.3.9.9',
      });
      statuses.push(response.statusCode);
      if (i === 10) expect(response.json().message).toBe('Too many attempts. Please wait a moment and try again.');
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
