import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import { sessions, users } from '#server/db/schema/index.ts';
import { createAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

const valid = {
  firstName: 'Amina',
  lastName: 'El Idrissi',
  email: 'amina@example.com',
  phone: '+34 612 345 678',
  password: 'Palmeral-de-Elche-26',
  acceptTerms: true,
};

function linkIn(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in:\n${text}`);
  return link;
}

describe('accounts API', () => {
  let t: TestApp;
  let mail: MailCapture;
  let ip = 0;
  // Each test comes from its own address, so the per-IP limits of one do not spill into the next.
  const from = () => ({ remoteAddress: `10.0.0.${ip}` });
  /** The cookie the registering browser got, which it sends back with the confirmation link. */
  const confirmingBrowser = (registration: { cookies: { name: string; value: string }[] }) =>
    registration.cookies
      .filter((c) => c.name === 'confirming_browser')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers, ...from() });

  beforeAll(async () => {
    mail = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: mail.url, APP_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });
  beforeEach(() => {
    ip += 1;
    mail.messages.length = 0;
  });

  describe('registration', () => {
    it.each([
      [{ firstName: '' }, 'firstName', 'Este campo es obligatorio'],
      [{ lastName: '   ' }, 'lastName', 'Este campo es obligatorio'],
      [{ email: 'no-es-un-email' }, 'email', 'Introduce un email válido.'],
      [{ phone: '' }, 'phone', 'Este campo es obligatorio'],
      [{ password: 'Corta7!' }, 'password', 'Contraseña demasiado corta: debe tener al menos 8 caracteres.'],
      [{ password: 'password1' }, 'password', 'Esta contraseña es de las más usadas. Elige otra más difícil de adivinar.'],
      [{ password: 'Sunshine' }, 'password', 'Esta contraseña es de las más usadas. Elige otra más difícil de adivinar.'],
      [{ acceptTerms: false }, 'acceptTerms', 'Debes aceptar la política de privacidad y las condiciones de uso.'],
    ])('refuses %o with a translated message on %s and creates nothing', async (change, field, message) => {
      const response = await post('/api/account/register', { ...valid, email: `refused${ip}@example.com`, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual(expect.arrayContaining([{ path: field, message }]));
      expect(await t.database.db.select().from(users).where(eq(users.email, `refused${ip}@example.com`))).toEqual([]);
    });

    it('refuses missing fields and a body that is not JSON with a 400, never a 5xx', async () => {
      const missing = await post('/api/account/register', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(
        ['acceptTerms', 'email', 'firstName', 'lastName', 'password', 'phone'].sort(),
      );
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(broken.statusCode).toBe(400);
    });

    it('registers, mails a confirmation link in the visitor language, and refuses sign-in until it is followed', async () => {
      const response = await post('/api/account/register', valid, { 'accept-language': 'fr' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'accepted' });
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'amina@example.com'));
      expect(row).toMatchObject({ firstName: 'Amina', lastName: 'El Idrissi', phone: '+34 612 345 678', role: 'user', emailVerified: false, language: 'fr' });
      // The proof of consent: which privacy policy was accepted, and when.
      expect(row?.privacyPolicyVersion).toBe(privacyPolicyVersion);
      expect(Date.now() - (row?.privacyConsentedAt?.getTime() ?? 0)).toBeLessThan(60_000);

      const confirmation = await mail.waitFor('amina@example.com');
      expect(confirmation.subject).toMatch(/Confirmez votre compte/);
      expect(confirmation.html).toContain('Confirmer mon compte');
      const link = linkIn(confirmation.text, '/api/auth/verify-email');
      expect(link.startsWith('http://localhost:3000/api/auth/verify-email?token=')).toBe(true);

      const early = await post('/api/account/sign-in', { email: 'amina@example.com', password: valid.password });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ code: 'emailNotConfirmed' });

      const url = new URL(link);
      const confirmed = await t.app.inject({ url: url.pathname + url.search, headers: { cookie: confirmingBrowser(response) }, ...from() });
      expect(confirmed.statusCode).toBe(302);
      expect(confirmed.headers.location).toBe('/panel');
      expect(confirmed.cookies.some((c) => c.name.includes('session_token'))).toBe(true);

      const signedIn = await post('/api/account/sign-in', { email: 'AMINA@example.com', password: valid.password });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user).toMatchObject({ email: 'amina@example.com', firstName: 'Amina', role: 'user' });
    });

    it('greets without the name typed at registration, unverified until the link is followed, and lets no typed text become a link', async () => {
      const firstName = 'Cuenta bloqueada. Verifique en https://evil.test/login';
      expect((await post('/api/account/register', { ...valid, firstName, email: 'victima@example.com' })).statusCode).toBe(202);
      const confirmation = await mail.waitFor('victima@example.com');
      expect(confirmation.text.split('\n')[0]).toBe('Hola:');
      expect(confirmation.html).toContain('>Hola:</p>');
      for (const part of [confirmation.subject, confirmation.text, confirmation.html]) {
        expect(part).not.toContain('Cuenta bloqueada');
        expect(part).not.toContain('evil');
      }
    });

    it('brings a new client who was hiring back to that service through the confirmation link, and only within the site', async () => {
      const response = await post('/api/account/register', { ...valid, email: 'vuelve@example.com', returnTo: '/servicios#consultas' });
      expect(response.statusCode).toBe(202);
      const link = linkIn((await mail.waitFor('vuelve@example.com')).text, '/api/auth/verify-email');
      const url = new URL(link);
      const confirmed = await t.app.inject({ url: url.pathname + url.search, headers: { cookie: confirmingBrowser(response) }, ...from() });
      expect(confirmed.statusCode).toBe(302);
      expect(confirmed.headers.location).toBe('/servicios#consultas');

      for (const returnTo of ['https://evil.example/', '//evil.example', 'servicios']) {
        const refused = await post('/api/account/register', { ...valid, email: 'lejos@example.com', returnTo });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().issues).toEqual([{ path: 'returnTo', message: 'Valor no válido.' }]);
      }
    });

    it('confirms a link opened in another browser without signing that browser in', async () => {
      const registered = await post('/api/account/register', { ...valid, email: 'otro-navegador@example.com' });
      const link = new URL(linkIn((await mail.waitFor('otro-navegador@example.com')).text, '/api/auth/verify-email'));
      const sessionsBefore = (await t.database.db.select().from(sessions)).length;

      const elsewhere = await t.app.inject({ url: link.pathname + link.search, headers: { cookie: 'confirming_browser=forged' }, ...from() });
      expect(elsewhere.statusCode).toBe(302);
      expect(elsewhere.headers.location).toBe('/acceder?confirmado=1');
      expect(elsewhere.cookies.some((c) => c.name.includes('session_token'))).toBe(false);
      expect((await t.database.db.select().from(sessions)).length).toBe(sessionsBefore);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'otro-navegador@example.com'));
      expect(row?.emailVerified).toBe(true);

      expect(registered.cookies.find((c) => c.name === 'confirming_browser')).toMatchObject({ path: '/api/auth/verify-email', httpOnly: true });
      const signedIn = await post('/api/account/sign-in', { email: 'otro-navegador@example.com', password: valid.password });
      expect(signedIn.statusCode).toBe(200);
    });

    it('answers an existing e-mail exactly as a new one, creates no second account, and warns the holder', async () => {
      const account = await createAccount(t, { email: 'ya-cliente@example.com' });
      const fresh = await post('/api/account/register', { ...valid, email: 'nuevo-cliente@example.com' });
      const existing = await post('/api/account/register', { ...valid, email: 'ya-cliente@example.com' });
      expect(existing.statusCode).toBe(fresh.statusCode);
      expect(existing.body).toBe(fresh.body);
      expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      expect(await t.database.db.select().from(users).where(eq(users.email, 'ya-cliente@example.com'))).toHaveLength(1);

      const warning = await mail.waitFor(account.user.email, /Intento de registro/);
      expect(warning.text).toContain('http://localhost:3000/acceder');
      expect(warning.text).toContain('http://localhost:3000/acceder?recuperar=1');
    });

    it('limits registrations per e-mail address with a translated 429', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await post('/api/account/register', { ...valid, email: 'insistente@example.com' }, { 'accept-language': 'en' })).statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
    });
  });

  describe('sign-in', () => {
    it('answers the same for a wrong password and an unknown e-mail', async () => {
      const account = await createAccount(t);
      const wrong = await post('/api/account/sign-in', { email: account.user.email, password: 'otra-contraseña-mala' });
      const unknown = await post('/api/account/sign-in', { email: 'nadie@example.com', password: 'otra-contraseña-mala' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ code: 'invalidCredentials', message: 'Email o contraseña incorrectos' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('refuses malformed input with field messages', async () => {
      const response = await post('/api/account/sign-in', { email: 'x', password: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual(
        expect.arrayContaining([
          { path: 'email', message: 'Introduce un email válido.' },
          { path: 'password', message: 'Este campo es obligatorio' },
        ]),
      );
    });

    it('sets an HttpOnly, SameSite=Lax session cookie and replaces the session the browser had', async () => {
      const account = await createAccount(t);
      const [before] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.user.id));
      const again = await post('/api/account/sign-in', { email: account.user.email, password: account.password }, { cookie: account.cookie });
      expect(again.statusCode).toBe(200);
      const cookie = again.cookies.find((c) => c.name.includes('session_token'));
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const after = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.user.id));
      expect(after).toHaveLength(1);
      expect(after[0]?.token).not.toBe(before?.token);

      const old = await t.app.inject({ url: '/api/account/session', headers: { cookie: account.cookie } });
      expect(old.json()).toEqual({ user: null });
    });

    it('locks an account after too many attempts, whatever the address they come from', async () => {
      const account = await createAccount(t);
      const statuses = [];
      for (let i = 0; i < 11; i += 1) {
        ip += 1;
        statuses.push((await post('/api/account/sign-in', { email: account.user.email, password: 'no-es-esta-clave' })).statusCode);
      }
      expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it('never locks the owner out of a browser that signed in to the account before', async () => {
      const account = await createAccount(t);
      const knownBrowser = account.cookie
        .split('; ')
        .filter((pair) => pair.startsWith('known_browser='))
        .join('; ');
      expect(knownBrowser).not.toBe('');
      for (let i = 0; i < 11; i += 1) {
        ip += 1;
        await post('/api/account/sign-in', { email: account.user.email, password: 'no-es-esta-clave' });
      }
      ip += 1;
      const stranger = await post('/api/account/sign-in', { email: account.user.email, password: account.password });
      expect(stranger.statusCode).toBe(429);
      const owner = await post('/api/account/sign-in', { email: account.user.email, password: account.password }, { cookie: knownBrowser });
      expect(owner.statusCode).toBe(200);
      const otherAccountsMark = await post('/api/account/sign-in', { email: account.user.email, password: account.password }, { cookie: 'known_browser=forged' });
      expect(otherAccountsMark.statusCode).toBe(429);
    });
  });

  describe('session and sign-out', () => {
    it('reports the signed-in account, then nobody after sign-out', async () => {
      const account = await createAccount(t, { role: 'admin' });
      const session = await t.app.inject({ url: '/api/account/session', headers: { cookie: account.cookie } });
      expect(session.json()).toEqual({
        user: { id: account.user.id, email: account.user.email, firstName: 'Ana', lastName: account.user.lastName, role: 'owner', hasTwoFactor: true, isTwoFactorSetupRequired: false },
      });
      const out = await post('/api/account/sign-out', {}, { cookie: account.cookie });
      expect(out.statusCode).toBe(204);
      const after = await t.app.inject({ url: '/api/account/session', headers: { cookie: account.cookie } });
      expect(after.json()).toEqual({ user: null });
    });
  });

  describe('password reset', () => {
    async function requestReset(email: string, language = 'es') {
      const response = await post('/api/account/password/forgot', { email }, { 'accept-language': language });
      expect(response.statusCode).toBe(202);
      const message = await mail.waitFor(email, /contraseña|password|mot de passe/i);
      return new URL(linkIn(message.text, '/api/auth/reset-password/'));
    }

    async function tokenFrom(link: URL) {
      const opened = await t.app.inject({ url: link.pathname + link.search, ...from() });
      expect(opened.statusCode).toBe(302);
      const target = new URL(String(opened.headers.location), 'http://localhost:3000');
      expect(target.pathname).toBe('/actualizar-contrasena');
      return target.searchParams.get('token') ?? '';
    }

    it('answers alike for an unknown address and sends nothing', async () => {
      const response = await post('/api/account/password/forgot', { email: 'desconocido@example.com' });
      expect(response.statusCode).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mail.messages).toEqual([]);
    });

    it('resets the password once: the old one stops working, other sessions end, the link cannot be reused', async () => {
      const account = await createAccount(t);
      const token = await tokenFrom(await requestReset(account.user.email));

      const tooShort = await post('/api/account/password/reset', { token, password: '1234567' });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().issues).toEqual([{ path: 'password', message: 'Contraseña demasiado corta: debe tener al menos 8 caracteres.' }]);
      const common = await post('/api/account/password/reset', { token, password: 'iloveyou' });
      expect(common.statusCode).toBe(400);

      const reset = await post('/api/account/password/reset', { token, password: 'Nueva-Clave-Segura-99' });
      expect(reset.statusCode).toBe(200);

      const oldPassword = await post('/api/account/sign-in', { email: account.user.email, password: account.password });
      expect(oldPassword.statusCode).toBe(401);
      const session = await t.app.inject({ url: '/api/account/session', headers: { cookie: account.cookie } });
      expect(session.json()).toEqual({ user: null });
      const newPassword = await post('/api/account/sign-in', { email: account.user.email, password: 'Nueva-Clave-Segura-99' });
      expect(newPassword.statusCode).toBe(200);

      const reused = await post('/api/account/password/reset', { token, password: 'Otra-Clave-Segura-77' }, { 'accept-language': 'es' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ code: 'invalidToken', message: 'El enlace puede haber expirado. Por favor, solicita uno nuevo.' });
    });

    it('refuses a wrong token', async () => {
      const response = await post('/api/account/password/reset', { token: 'inventado', password: 'Nueva-Clave-Segura-99' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidToken' });
    });

    it('mails the link in the language of the request', async () => {
      const account = await createAccount(t);
      await requestReset(account.user.email, 'en');
      expect(mail.messages[0]?.subject).toMatch(/Reset your .* password/);
    });
  });

  describe('resending the confirmation', () => {
    it('sends a new link only to an unconfirmed account and answers alike for every address', async () => {
      await post('/api/account/register', { ...valid, email: 'pendiente@example.com' });
      await mail.waitFor('pendiente@example.com');
      mail.messages.length = 0;
      const confirmedAccount = await createAccount(t);

      const pending = await post('/api/account/confirmation/resend', { email: 'pendiente@example.com' });
      const confirmed = await post('/api/account/confirmation/resend', { email: confirmedAccount.user.email });
      const unknown = await post('/api/account/confirmation/resend', { email: 'nadie@example.com' });
      expect([pending.statusCode, confirmed.statusCode, unknown.statusCode]).toEqual([202, 202, 202]);
      await mail.waitFor('pendiente@example.com', /Confirma tu cuenta/);
      expect(mail.messages.map((m) => m.to[0])).toEqual(['pendiente@example.com']);
    });
  });
});
