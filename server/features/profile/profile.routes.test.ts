import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

describe('profile API', () => {
  let t: TestApp;
  let mail: MailCapture;
  let account: TestAccount;
  const profile = {
    firstName: 'Ana',
    lastName: 'García',
    email: '',
    phone: '+34 600 111 222',
    passportNumber: 'pa 1234567',
    nie: 'x1234567l',
    address: 'Calle Mayor 1, Elche',
    dateOfBirth: '1990-05-17',
  };

  beforeAll(async () => {
    mail = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: mail.url, APP_URL: 'http://localhost:3000' } });
    account = await createAccount(t);
    profile.email = account.user.email;
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const put = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', payload, headers: { cookie: account.cookie, ...headers } });

  it('is only for signed-in accounts', async () => {
    expect((await t.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile', payload: profile })).statusCode).toBe(401);
  });

  it('saves the profile, normalising the NIE and passport number', async () => {
    const response = await put(profile);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: { ...profile, passportNumber: 'PA1234567', nie: 'X1234567L', residenceCountry: null, buyerKind: null, businessName: null, businessTaxId: null, hasPassword: true },
      isEmailChangePending: false,
    });
    const read = await t.app.inject({ url: '/api/profile', headers: { cookie: account.cookie } });
    expect(read.json()).toMatchObject({ nie: 'X1234567L', dateOfBirth: '1990-05-17' });
  });

  it('clears optional fields sent empty', async () => {
    const response = await put({ ...profile, passportNumber: '', nie: '', address: '', dateOfBirth: '' });
    expect(response.json().profile).toMatchObject({ passportNumber: null, nie: null, address: null, dateOfBirth: null });
  });

  it.each([
    [{ nie: 'X1234567A' }, 'nie', 'El NIE no es válido: debe tener el formato X1234567L y su letra de control correcta.'],
    [{ nie: '12345678Z' }, 'nie', 'El NIE no es válido: debe tener el formato X1234567L y su letra de control correcta.'],
    [{ passportNumber: 'AB#12' }, 'passportNumber', 'El número de pasaporte debe tener entre 5 y 20 letras o cifras.'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'Introduce una fecha de nacimiento válida.'],
    [{ dateOfBirth: '17/05/1990' }, 'dateOfBirth', 'Introduce una fecha de nacimiento válida.'],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth', 'Introduce una fecha de nacimiento válida.'],
    [{ firstName: '' }, 'firstName', 'Este campo es obligatorio'],
    [{ email: 'sin-arroba' }, 'email', 'Introduce un email válido.'],
  ])('refuses %o with a clear message and changes nothing', async (change, field, message) => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    const response = await put({ ...profile, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: field, message }]);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(after).toEqual(before);
  });

  it('changes the e-mail, with the current password, only once the link sent to the new address is followed', async () => {
    const response = await put({ ...profile, email: 'ana.nueva@example.com', currentPassword: account.password }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isEmailChangePending: true, profile: { email: account.user.email } });
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(unchanged?.email).toBe(account.user.email);

    const message = await mail.waitFor('ana.nueva@example.com');
    expect(message.subject).toMatch(/Confirm your new email/);
    const link = new URL(message.text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\S+/)?.[0] ?? '');
    const followed = await t.app.inject({ url: link.pathname + link.search });
    expect(followed.statusCode).toBe(302);
    const [changed] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(changed?.email).toBe('ana.nueva@example.com');
  });

  it('refuses a write from another site', async () => {
    const response = await put(profile, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });
});
