import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, auditLogs, mailOutbox, sessions, twoFactors, users, verifications } from '#server/db/schema/index.ts';
import { createAccount, setUpTwoFactor, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

function linkIn(text: string, pathPart: string): URL {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in:\n${text}`);
  return new URL(link);
}

/** How Better Auth keeps a verification identifier it is told to hash (SHA-256, base64url without padding). */
const hashed = (identifier: string) => createHash('sha256').update(identifier).digest('base64url');

describe('changing the e-mail of an account', () => {
  let t: TestApp;
  let mail: MailCapture;
  let ip = 0;
  // Each test comes from its own address, so the per-IP limits of one do not spill into the next.
  const from = () => ({ remoteAddress: `10.7.0.${ip}` });

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
  });

  const profileOf = (account: TestAccount) => ({
    firstName: account.user.firstName,
    lastName: account.user.lastName,
    email: account.user.email,
    phone: '+34 600 111 222',
  });
  const saveProfile = (account: TestAccount, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', payload, headers: { cookie: account.cookie, ...headers }, ...from() });
  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const queuedFor = (recipient: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
  const undo = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/account/email-change/undo', payload: { token }, headers, ...from() });

  /** Starts the change with the right password and follows the link mailed to the new address. */
  async function changeEmail(account: TestAccount, newEmail: string) {
    const started = await saveProfile(account, { ...profileOf(account), email: newEmail, currentPassword: account.password });
    expect(started.statusCode).toBe(200);
    const link = linkIn((await mail.waitFor(newEmail, /Confirma tu nuevo email/)).text, '/api/auth/verify-email');
    return { link, followed: await t.app.inject({ url: link.pathname + link.search, ...from() }) };
  }

  async function undoTokenFor(oldEmail: string, subject = /ha cambiado/): Promise<{ token: string; text: string; subject: string }> {
    const notice = await mail.waitFor(oldEmail, subject);
    const link = linkIn(notice.text, '/deshacer-cambio-email');
    return { token: link.searchParams.get('token') ?? '', text: notice.text, subject: notice.subject };
  }

  it('refuses a new e-mail without the current password or with a wrong one, changing nothing and mailing nobody', async () => {
    const account = await createAccount(t, { email: 'sin-clave@example.com' });
    const before = await userRow(account.user.id);
    const change = { ...profileOf(account), firstName: 'Otro', email: 'robada@example.com' };

    const missing = await saveProfile(account, change);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'wrongPassword', message: 'Escribe tu contraseña actual para cambiar el email.' });

    const wrong = await saveProfile(account, { ...change, currentPassword: 'no-es-mi-clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'wrongPassword', message: 'La contraseña actual no es correcta.' });
    const inEnglish = await saveProfile(account, { ...change, currentPassword: 'no-es-mi-clave' }, { 'accept-language': 'en' });
    expect(inEnglish.json().message).toBe('Your current password is not correct.');

    expect(await userRow(account.user.id)).toEqual(before);
    expect(await queuedFor('robada@example.com')).toEqual([]);
  });

  it('counts wrong current passwords with the sign-in attempts of the account', async () => {
    const account = await createAccount(t, { email: 'adivinada@example.com' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await saveProfile(account, { ...profileOf(account), email: 'otra@example.com', currentPassword: `intento-${attempt}` })).statusCode);
    }
    // The sign-in that opened the session was the first of the ten an account gets in 15 minutes.
    expect(statuses).toEqual([...Array<number>(9).fill(400), 429]);
    // The right password from another address is still refused: the account's budget is spent.
    ip += 1;
    const right = await saveProfile(account, { ...profileOf(account), email: 'otra@example.com', currentPassword: account.password });
    expect(right.statusCode).toBe(429);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: account.user.email, password: account.password }, ...from() });
    expect(signIn.statusCode).toBe(429);
    expect(await queuedFor('otra@example.com')).toEqual([]);
  });

  it('tells an account without a password yet to choose one before changing its e-mail', async () => {
    const account = await createAccount(t, { email: 'sin-contrasena@example.com' });
    // As an account made by the firm or from a quote's link is, until its owner chooses one.
    await t.database.db.update(accounts).set({ password: null }).where(eq(accounts.userId, account.user.id));
    const read = await t.app.inject({ url: '/api/profile', headers: { cookie: account.cookie } });
    expect(read.json()).toMatchObject({ email: 'sin-contrasena@example.com', hasPassword: false });

    const refused = await saveProfile(account, { ...profileOf(account), email: 'nueva-sin@example.com', currentPassword: 'cualquiera-1234' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Tu cuenta aún no tiene contraseña. Elige una y después podrás cambiar el email.');
    expect((await userRow(account.user.id))?.email).toBe('sin-contrasena@example.com');
    expect(await queuedFor('nueva-sin@example.com')).toEqual([]);
  });

  it('greets the new address without the account’s name: its owner never typed it', async () => {
    const account = await createAccount(t, { email: 'nombre-falso@example.com', firstName: 'Cuenta bloqueada. Verifique en https://evil.test/login' });
    const started = await saveProfile(account, { ...profileOf(account), email: 'destino@example.com', currentPassword: account.password });
    expect(started.statusCode).toBe(200);
    const confirmation = await mail.waitFor('destino@example.com', /Confirma tu nuevo email/);
    expect(confirmation.text.split('\n')[0]).toBe('Hola:');
    for (const part of [confirmation.subject, confirmation.text, confirmation.html]) expect(part).not.toContain('evil');
  });

  it('with the right password, mails the new address, then tells the old one in its language once confirmed', async () => {
    const account = await createAccount(t, { email: 'lucia@example.com' });
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, account.user.id));
    const { followed } = await changeEmail(account, 'lucia.nueva@example.com');
    expect(followed.statusCode).toBe(302);
    expect((await userRow(account.user.id))?.email).toBe('lucia.nueva@example.com');

    const notice = await undoTokenFor('lucia@example.com', /a changé/);
    expect(notice.subject).toMatch(/L'e-mail de votre compte .* a changé/);
    expect(notice.text).toContain('l***@e***.com');
    expect(notice.text).not.toContain('lucia.nueva@example.com');
    expect(notice.text).toMatch(/\(heure de Madrid\)/);
    expect(notice.text).toContain('http://localhost:3000/deshacer-cambio-email?token=');

    // The secret is kept only as its hash.
    const rows = await t.database.db.select().from(verifications);
    expect(rows.some((row) => row.identifier.includes(notice.token) || row.value.includes(notice.token))).toBe(false);
    expect(rows.filter((row) => row.identifier === hashed(`undo-email-change:${notice.token}`))).toHaveLength(1);

    const [audit] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, account.user.id), eq(auditLogs.action, 'EMAIL_CHANGE')));
    expect(audit).toMatchObject({ adminId: account.user.id, details: { email: 'lucia.nueva@example.com' } });
  });

  it('undoes a change from the old address: the address back, every session and the password ended, a reset link mailed there, audited; once only', async () => {
    const account = await createAccount(t, { email: 'victima@example.com' });
    const otherBrowser = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: account.user.email, password: account.password }, ...from() });
    const otherCookie = otherBrowser.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { link } = await changeEmail(account, 'ladron@example.com');
    // While the account is theirs, whoever moved it asks for a reset link at their own address.
    await t.app.inject({ method: 'POST', url: '/api/account/password/forgot', payload: { email: 'ladron@example.com' }, ...from() });
    const thiefReset = linkIn((await mail.waitFor('ladron@example.com', /Restablece/)).text, '/api/auth/reset-password/');
    const thiefToken = thiefReset.pathname.split('/').pop() ?? '';
    // …and turns on a second factor of their own, which would keep the owner out after the undo.
    await setUpTwoFactor(t.app, account.cookie, account.password);

    const { token } = await undoTokenFor('victima@example.com');
    const undone = await undo(token, { 'accept-language': 'en' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ email: 'victima@example.com' });

    expect(await userRow(account.user.id)).toMatchObject({ email: 'victima@example.com', emailVerified: true });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, account.user.id))).toEqual([]);
    for (const cookie of [account.cookie, otherCookie]) {
      expect((await t.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
    }
    const oldPassword = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: 'victima@example.com', password: account.password }, ...from() });
    expect(oldPassword.statusCode).toBe(401);
    const thiefUsesReset = await t.app.inject({ method: 'POST', url: '/api/account/password/reset', payload: { token: thiefToken, password: 'Ladron-Entra-2026' }, ...from() });
    expect(thiefUsesReset.statusCode).toBe(400);
    // The link they still hold would move the account again.
    const replayed = await t.app.inject({ url: link.pathname + link.search, ...from() });
    expect(replayed.statusCode).toBe(302);
    expect(replayed.headers.location).toBe('/perfil?error=INVALID_TOKEN');
    expect((await userRow(account.user.id))?.email).toBe('victima@example.com');

    const reset = await mail.waitFor('victima@example.com', /Reset your/);
    const resetToken = linkIn(reset.text, '/api/auth/reset-password/').pathname.split('/').pop() ?? '';
    const chosen = await t.app.inject({ method: 'POST', url: '/api/account/password/reset', payload: { token: resetToken, password: 'Victima-Vuelve-2026' }, ...from() });
    expect(chosen.statusCode).toBe(200);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: 'victima@example.com', password: 'Victima-Vuelve-2026' }, ...from() });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { hasTwoFactor: false } });
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, account.user.id))).toEqual([]);

    const [audit] = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, account.user.id), eq(auditLogs.action, 'EMAIL_CHANGE_UNDO')));
    expect(audit).toMatchObject({ adminId: account.user.id, details: { email: 'victima@example.com' } });

    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Este enlace ya se ha usado o ha caducado. Si no reconoces el cambio de email de tu cuenta, escríbenos o llámanos.');
  });

  it('refuses an expired undo link, changing nothing', async () => {
    const account = await createAccount(t, { email: 'tarde@example.com' });
    await changeEmail(account, 'tarde.nueva@example.com');
    const { token } = await undoTokenFor('tarde@example.com');
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, hashed(`undo-email-change:${token}`)));

    const refused = await undo(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('invalidToken');
    expect((await userRow(account.user.id))?.email).toBe('tarde.nueva@example.com');
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: account.cookie } })).statusCode).toBe(200);
  });

  it('refuses to undo when another account has taken the old address meanwhile, and says so', async () => {
    const account = await createAccount(t, { email: 'ocupada@example.com' });
    await changeEmail(account, 'ocupada.nueva@example.com');
    const { token } = await undoTokenFor('ocupada@example.com');
    await createAccount(t, { email: 'ocupada@example.com' });

    const refused = await undo(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Otra cuenta usa ya esta dirección, así que no podemos devolvérsela a la tuya. Escríbenos o llámanos y lo resolvemos.',
    );
    expect((await userRow(account.user.id))?.email).toBe('ocupada.nueva@example.com');
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: account.cookie } })).statusCode).toBe(200);
  });

  it('refuses an unknown undo link and a missing one with a translated 400', async () => {
    expect((await undo('no-existe')).json()).toMatchObject({ code: 'invalidToken' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/account/email-change/undo', payload: {}, ...from() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: 'token', message: expect.any(String) }]);
  });
});
