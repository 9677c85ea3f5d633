import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmDay } from '#common/dates.ts';
import { caseDocuments, cases, payments, quotes, services, translationRequestDocuments, translationRequests, users, verifications } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const day = 24 * 60 * 60 * 1000;
const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? '';
const tokenIn = (text: string) => /\/presupuesto\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let ip = 0;
/** Each public call from its own address, so the per-address limits only show where a test wants them. */
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;

describe('quotes: a from price asks for one, the firm sends it, the client pays or declines it', () => {
  const clock = testClock();
  let t: TestApp;
  let capture: MailCapture;
  let admin: TestAccount;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({
      env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'http://asesoria.test' },
      worker: { clock: clock.now },
    });
    admin = await createAccount(t, { role: 'admin', firstName: 'Marta', lastName: 'Ruiz' });
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const as = (account: TestAccount | undefined, headers: Record<string, string> = {}) => (account ? { cookie: account.cookie, ...headers } : headers);
  /** A day on Madrid's calendar, `offset` days from the test clock's today. */
  const madridDay = (offset: number) => firmDay(new Date(clock.now().getTime() + offset * day));

  const requestQuote = (account: TestAccount | undefined, payload: object) => t.app.inject({ method: 'POST', url: '/api/quotes', headers: as(account), payload });
  const sendQuote = (account: TestAccount, id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/quotes/${id}/send`, headers: as(account), payload });
  const checkout = async (account: TestAccount, payload: { service: { id: string }; quoteId?: string }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: as(account), payload: await acceptingLetter(t.app, as(account), { user: account.user, ...payload }) });
  const payQuote = async (account: TestAccount, quoteId: string, serviceId: string) => {
    const started = await checkout(account, { service: { id: serviceId }, quoteId });
    expect(started.statusCode, started.body).toBe(200);
    const session = sessionOf(started.json<{ url: string }>().url);
    return { session, paid: await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: as(account) }) };
  };
  const quoteRow = async (id: string) => (await t.database.db.select().from(quotes).where(eq(quotes.id, id)))[0];
  const clientQuotes = async (account: TestAccount) => (await t.app.inject({ url: '/api/quotes', headers: as(account) })).json<Array<{ id: string; status: string; priceCents: number | null }>>();

  /** A client's request for the renewals-and-appeals service, priced by the firm: answers the quote's id and its mailed link's secret. */
  async function sentQuote(client: TestAccount, offer: { priceCents: number; validUntil: string }) {
    const requested = await requestQuote(client, { serviceId: 'renewals-appeals' });
    expect(requested.statusCode, requested.body).toBe(201);
    const { id } = requested.json<{ id: string }>();
    const sent = await sendQuote(admin, id, { ...offer, message: 'Recurso de reposición contra la denegación de la renovación.' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await capture.waitFor(client.user.email, new RegExp(`presupuesto`, 'i'));
    capture.messages.splice(capture.messages.indexOf(mail), 1);
    return { id, token: tokenIn(mail.text) };
  }

  describe('a from price', () => {
    it('is never charged as such: its checkout and price are refused with a translated 400, and no payment is written', async () => {
      const client = await createAccount(t);
      const before = await t.database.db.select().from(payments);
      const response = await checkout(client, { service: { id: 'renewals-appeals' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('pide un presupuesto') });
      const inEnglish = await t.app.inject({ url: '/api/payments/quote/renewals-appeals', headers: as(client, { 'accept-language': 'en' }) });
      expect(inEnglish.statusCode).toBe(400);
      expect(inEnglish.json<{ message: string }>().message).toContain('ask for a quote');
      expect(await t.database.db.select().from(payments)).toHaveLength(before.length);
    });

    it('asks for a quote instead: requested, with the message, and the firm mailed', async () => {
      const client = await createAccount(t, { firstName: 'Youssef', lastName: 'Amrani' });
      const response = await requestQuote(client, { serviceId: 'renewals-appeals', message: 'Me denegaron la renovación de la tarjeta.' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        kind: 'case',
        status: 'requested',
        title: 'Renovaciones y recursos',
        serviceId: 'renewals-appeals',
        priceCents: null,
        requestMessage: 'Me denegaron la renovación de la tarjeta.',
      });
      const firm = await capture.waitFor('despacho@example.com', /Solicitud de presupuesto: Renovaciones y recursos - Youssef Amrani/);
      expect(firm.text).toContain('Me denegaron la renovación de la tarjeta.');
      expect(firm.text).toContain(client.user.email);
      expect(firm.text).toContain('http://asesoria.test/admin?tab=presupuestos');

      const again = await requestQuote(client, { serviceId: 'renewals-appeals' });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toContain('Ya nos has pedido un presupuesto');
    });

    it('is the only price quoted: a fixed price is refused, an unknown service is a 404, a signed-out visitor a 401', async () => {
      const client = await createAccount(t);
      const fixed = await requestQuote(client, { serviceId: 'arraigo' });
      expect(fixed.statusCode).toBe(400);
      expect(fixed.json()).toMatchObject({ code: 'validation' });
      expect((await requestQuote(client, { serviceId: 'no-such-service' })).statusCode).toBe(404);
      expect((await requestQuote(undefined, { serviceId: 'renewals-appeals' })).statusCode).toBe(401);
      const blank = await requestQuote(client, { serviceId: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(await clientQuotes(client)).toEqual([]);
    });
  });

  describe('the firm sends the quote, the client pays it', () => {
    it('charges the quote’s price even after the catalogue’s changed, opens the case and accepts the quote', async () => {
      const client = await createAccount(t, { firstName: 'Karim', lastName: 'Haddad' });
      const requested = await requestQuote(client, { serviceId: 'renewals-appeals' });
      const { id } = requested.json<{ id: string }>();

      const listed = await t.app.inject({ url: '/api/admin/quotes', headers: as(admin) });
      expect(listed.json<{ items: Array<{ id: string; status: string; client: { email: string }; hasAccount: boolean }> }>().items).toEqual(
        expect.arrayContaining([expect.objectContaining({ id, status: 'requested', client: expect.objectContaining({ email: client.user.email }), hasAccount: true })]),
      );

      const validUntil = madridDay(10);
      const sent = await sendQuote(admin, id, { priceCents: 23550, validUntil, message: 'Recurso de alzada y escrito de alegaciones.' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ id, status: 'sent', priceCents: 23550, validUntil, message: 'Recurso de alzada y escrito de alegaciones.' });
      expect((await sendQuote(admin, id, { priceCents: 100, validUntil, message: 'Otra vez' })).statusCode).toBe(409);

      const mail = await capture.waitFor(client.user.email, /Tu presupuesto de .*: Renovaciones y recursos/);
      expect(mail.text).toMatch(/Precio: 235,50\s€/);
      expect(mail.text).toContain('Recurso de alzada y escrito de alegaciones.');
      const token = tokenIn(mail.text);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain(`http://asesoria.test/presupuesto/${token}`);
      const stored = await quoteRow(id);
      // Only the secret's hash is kept.
      expect(stored?.accessTokenHash).toBe(sha256(token));
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored).toMatchObject({ status: 'sent', sentBy: admin.user.id, sentAt: expect.any(Date) });

      // The firm raises its catalogue price afterwards: the quote keeps its own.
      await t.database.db.update(services).set({ priceCents: 99_900 }).where(eq(services.id, 'renewals-appeals'));
      try {
        expect(await clientQuotes(client)).toEqual([expect.objectContaining({ id, status: 'sent', priceCents: 23550 })]);
        const { session, paid } = await payQuote(client, id, 'renewals-appeals');
        const page = await t.app.inject({ url: `/api/payments/test-checkout/${session}`, headers: as(client) });
        expect(page.json()).toMatchObject({ title: 'Renovaciones y recursos', priceCents: 23550, amountCents: 23550, status: 'paid' });
        expect(paid.statusCode).toBe(204);
      } finally {
        await t.database.db.update(services).set({ priceCents: 15_000 }).where(eq(services.id, 'renewals-appeals'));
      }

      const [payment] = await t.database.db.select().from(payments).where(eq(payments.quoteId, id));
      expect(payment).toMatchObject({ paymentStatus: 'paid', amountCents: 23550, creditedCents: 0, serviceId: 'renewals-appeals', userId: client.user.id });
      const [opened] = await t.database.db.select().from(cases).where(eq(cases.id, payment?.caseId ?? 0));
      expect(opened).toMatchObject({ userId: client.user.id, serviceId: 'renewals-appeals' });
      expect(await quoteRow(id)).toMatchObject({ status: 'accepted', respondedAt: expect.any(Date) });
      expect(await clientQuotes(client)).toEqual([expect.objectContaining({ id, status: 'accepted' })]);

      // Accepted is final.
      const again = await checkout(client, { service: { id: 'renewals-appeals' }, quoteId: id });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toContain('ya está aceptado');
      expect((await t.app.inject({ method: 'POST', url: `/api/quotes/${id}/decline`, headers: as(client) })).statusCode).toBe(409);
    });

    it('is paid through one checkout at a time; a cancelled one gives the quote back', async () => {
      const client = await createAccount(t);
      const { id } = await sentQuote(client, { priceCents: 18000, validUntil: madridDay(5) });
      const first = await checkout(client, { service: { id: 'renewals-appeals' }, quoteId: id });
      expect(first.statusCode).toBe(200);
      const second = await checkout(client, { service: { id: 'renewals-appeals' }, quoteId: id });
      expect(second.statusCode).toBe(409);
      expect(second.json<{ message: string }>().message).toContain('en curso');

      const cancelled = await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${sessionOf(first.json().url)}/cancel`, headers: as(client) });
      expect(cancelled.statusCode).toBe(204);
      const { paid } = await payQuote(client, id, 'renewals-appeals');
      expect(paid.statusCode).toBe(204);
      const rows = await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id));
      expect(rows.map((row) => [row.paymentStatus, row.quoteId, row.amountCents]).sort()).toEqual([
        ['cancelled', null, 18000],
        ['paid', id, 18000],
      ]);
      expect(await quoteRow(id)).toMatchObject({ status: 'accepted' });
    });

    it('declines from the panel: final, the firm told, never payable', async () => {
      const client = await createAccount(t, { firstName: 'Irina', lastName: 'Popescu' });
      const { id } = await sentQuote(client, { priceCents: 30000, validUntil: madridDay(3) });
      const declined = await t.app.inject({ method: 'POST', url: `/api/quotes/${id}/decline`, headers: as(client) });
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toMatchObject({ id, status: 'declined', respondedAt: expect.any(String) });
      const firm = await capture.waitFor('despacho@example.com', /Presupuesto rechazado: Renovaciones y recursos - Irina Popescu/);
      expect(firm.text).toMatch(/Precio: 300\s€/);

      const paying = await checkout(client, { service: { id: 'renewals-appeals' }, quoteId: id });
      expect(paying.statusCode).toBe(409);
      expect(paying.json<{ message: string }>().message).toContain('fue rechazado');
      expect((await t.app.inject({ method: 'POST', url: `/api/quotes/${id}/decline`, headers: as(client) })).statusCode).toBe(409);
      expect(await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id))).toEqual([]);
    });

    it('expires the day after its last day (Madrid): read as expired, swept by the worker, refused at checkout with a 409', async () => {
      const client = await createAccount(t);
      const { id, token } = await sentQuote(client, { priceCents: 16000, validUntil: madridDay(0) });
      expect(await clientQuotes(client)).toEqual([expect.objectContaining({ id, status: 'sent' })]);

      clock.advance(day);
      try {
        expect(await clientQuotes(client)).toEqual([expect.objectContaining({ id, status: 'expired' })]);
        const opened = await t.app.inject({ url: `/api/quotes/by-token/${token}`, remoteAddress: nextIp() });
        expect(opened.json()).toMatchObject({ status: 'expired' });
        const paying = await checkout(client, { service: { id: 'renewals-appeals' }, quoteId: id });
        expect(paying.statusCode).toBe(409);
        expect(paying.json<{ message: string }>().message).toContain('ha caducado');
        expect(await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id))).toEqual([]);

        expect((await quoteRow(id))?.status).toBe('sent');
        // The sweep is due an hour after the worker's first pass.
        clock.advance(2 * 60 * 60 * 1000);
        await t.app.worker.kick();
        await t.app.worker.kick();
        expect((await quoteRow(id))?.status).toBe('expired');
      } finally {
        clock.advance(-day - 2 * 60 * 60 * 1000);
      }
    });
  });

  describe('the mailed link of a closed quote', () => {
    const linkCall = (token: string, action = '', account?: TestAccount) =>
      t.app.inject({ method: action ? 'POST' : 'GET', url: `/api/quotes/by-token/${token}${action}`, headers: as(account), remoteAddress: nextIp() });

    it('shows only that it is paid, to anyone and to its owner, and refuses to accept or decline it again', async () => {
      const client = await createAccount(t);
      const { id, token } = await sentQuote(client, { priceCents: 21000, validUntil: madridDay(5) });
      expect((await linkCall(token)).json()).toMatchObject({ status: 'sent', priceCents: 21000, email: client.user.email });
      const { paid } = await payQuote(client, id, 'renewals-appeals');
      expect(paid.statusCode).toBe(204);

      for (const account of [undefined, client]) {
        const opened = await linkCall(token, '', account);
        expect(opened.statusCode).toBe(200);
        expect(opened.headers['cache-control']).toContain('no-store');
        expect(opened.json()).toEqual({ status: 'accepted' });
      }
      const accepting = await linkCall(token, '/accept', client);
      expect(accepting.statusCode).toBe(409);
      expect(accepting.json<{ message: string }>().message).toContain('ya está aceptado y pagado');
      const inEnglish = await t.app.inject({ method: 'POST', url: `/api/quotes/by-token/${token}/accept`, headers: { 'accept-language': 'en' }, remoteAddress: nextIp() });
      expect(inEnglish.statusCode).toBe(409);
      expect(inEnglish.json<{ message: string }>().message).toContain('already accepted and paid');
      expect((await linkCall(token, '/decline')).statusCode).toBe(409);
      expect(await quoteRow(id)).toMatchObject({ status: 'accepted' });
    });

    it('shows only that it was declined, or that it expired, and accepting it is refused', async () => {
      const client = await createAccount(t);
      const declined = await sentQuote(client, { priceCents: 12000, validUntil: madridDay(5) });
      expect((await t.app.inject({ method: 'POST', url: `/api/quotes/${declined.id}/decline`, headers: as(client) })).statusCode).toBe(200);
      expect((await linkCall(declined.token)).json()).toEqual({ status: 'declined' });
      expect((await linkCall(declined.token, '/accept')).statusCode).toBe(409);

      const lapsing = await sentQuote(client, { priceCents: 13000, validUntil: madridDay(0) });
      clock.advance(day);
      try {
        expect((await linkCall(lapsing.token, '', client)).json()).toEqual({ status: 'expired' });
        const accepting = await linkCall(lapsing.token, '/accept', client);
        expect(accepting.statusCode).toBe(409);
        expect(accepting.json<{ message: string }>().message).toContain('ha caducado');
      } finally {
        clock.advance(-day);
      }
    });
  });

  describe('permissions', () => {
    it('shows a client only their own quotes: another’s is a 404 to decline or pay', async () => {
      const owner = await createAccount(t);
      const other = await createAccount(t);
      const { id } = await sentQuote(owner, { priceCents: 20000, validUntil: madridDay(4) });
      expect((await clientQuotes(other)).map((quote) => quote.id)).not.toContain(id);
      expect((await t.app.inject({ method: 'POST', url: `/api/quotes/${id}/decline`, headers: as(other) })).statusCode).toBe(404);
      expect((await checkout(other, { service: { id: 'renewals-appeals' }, quoteId: id })).statusCode).toBe(404);
      // Paying with another's account id in the body is refused as ever.
      const posing = await t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: as(other), payload: await acceptingLetter(t.app, as(other), { service: { id: 'renewals-appeals' }, user: owner.user, quoteId: id }) });
      expect(posing.statusCode).toBe(403);
      expect((await quoteRow(id))?.status).toBe('sent');
      expect((await t.app.inject({ url: '/api/quotes' })).statusCode).toBe(401);
    });

    it('keeps the back office to admins: 401 signed out, 403 for a client', async () => {
      const client = await createAccount(t);
      const { id } = (await requestQuote(client, { serviceId: 'renewals-appeals' })).json<{ id: string }>();
      const offer = { priceCents: 10000, validUntil: madridDay(2), message: 'Precio' };
      const calls = [
        { method: 'GET' as const, url: '/api/admin/quotes' },
        { method: 'POST' as const, url: `/api/admin/quotes/${id}/send`, payload: offer },
        {
          method: 'POST' as const,
          url: `/api/admin/translation-requests/${id}/quotes`,
          payload: { ...offer, language: 'es', unit: 'pages', quantity: 2, sourceLanguage: 'fr', targetLanguage: 'es', urgency: 'standard', isSworn: true },
        },
      ];
      for (const call of calls) {
        expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
        expect((await t.app.inject({ ...call, headers: as(client) })).statusCode, call.url).toBe(403);
      }
      expect((await quoteRow(id))?.status).toBe('requested');
    });

    it('refuses bad offers with translated 400s and leaves the quote as it was', async () => {
      const client = await createAccount(t);
      const { id } = (await requestQuote(client, { serviceId: 'renewals-appeals' })).json<{ id: string }>();
      const before = await quoteRow(id);
      const valid = { priceCents: 10000, validUntil: madridDay(2), message: 'Precio' };
      for (const [change, path, message] of [
        [{ priceCents: 0 }, 'priceCents', 'Escribe un precio en euros'],
        [{ priceCents: 12.5 }, 'priceCents', 'Escribe un precio en euros'],
        [{ priceCents: 'ciento' }, 'priceCents', 'Escribe un precio en euros'],
        [{ priceCents: 5_000_001 }, 'priceCents', 'no puede superar'],
        [{ validUntil: madridDay(-1) }, 'validUntil', 'anterior a hoy'],
        [{ validUntil: '2027-02-30' }, 'validUntil', 'Valor no válido'],
        [{ message: '   ' }, 'message', 'obligatorio'],
      ] as const) {
        const response = await sendQuote(admin, id, { ...valid, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json<{ issues: Array<{ path: string; message: string }> }>().issues).toEqual(
          expect.arrayContaining([expect.objectContaining({ path, message: expect.stringContaining(message) })]),
        );
      }
      expect(await quoteRow(id)).toEqual(before);
      expect((await sendQuote(admin, '00000000-0000-4000-8000-000000000000', valid)).statusCode).toBe(404);
    });
  });

  describe('translation quotes', () => {
    const translationOffer = {
      priceCents: 8400,
      validUntil: '',
      message: 'Traducción jurada del certificado de nacimiento y del de matrimonio.',
      language: 'fr',
      unit: 'pages',
      quantity: 3,
      sourceLanguage: 'fr',
      targetLanguage: 'es',
      urgency: 'urgent',
      isSworn: true,
    };

    /** The public quote form, as a visitor sends it: answers the request's id. */
    /** The document a translation is asked for: sent with the request, it must reach the case its paid quote opens. */
    const birthCertificate = sampleFiles.pdf(2048);
    async function translationRequest(email: string, name = 'Luc Martin'): Promise<string> {
      const fields = { name, email, phone: '+33612345678', sourceLanguage: 'fr', targetLanguage: 'es', translationType: 'sworn', comments: 'Acta de nacimiento', privacy: 'true' };
      const body = multipartBody([...Object.entries(fields).map(([key, value]) => ({ name: key, value })), { name: 'documents', filename: 'acta de nacimiento.pdf', content: birthCertificate }]);
      const response = await t.app.inject({ method: 'POST', url: '/api/translation-quotes', payload: body.payload, headers: body.headers, remoteAddress: nextIp() });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    }
    const answer = (requestId: string, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/translation-requests/${requestId}/quotes`,
        headers: as(admin),
        payload: { ...translationOffer, validUntil: madridDay(7), ...payload },
      });
    const publicCall = (token: string, action = '', account?: TestAccount) =>
      t.app.inject({ method: action ? 'POST' : 'GET', url: `/api/quotes/by-token/${token}${action}`, headers: as(account), remoteAddress: nextIp() });

    it('is paid by someone without an account: the link makes the account and signs them in, paying opens a translation case and mails the link to choose a password', async () => {
      const email = 'luc.martin@example.fr';
      const requestId = await translationRequest(email);
      const sent = await answer(requestId);
      expect(sent.statusCode, sent.body).toBe(201);
      const quoteId = sent.json<{ id: string }>().id;
      expect(sent.json()).toMatchObject({ kind: 'translation', status: 'sent', serviceId: 'translation', hasAccount: false, language: 'fr', client: { name: 'Luc Martin', email } });
      const [request] = await t.database.db.select().from(translationRequests).where(eq(translationRequests.id, requestId));
      expect(request?.answeredAt).toBeInstanceOf(Date);
      expect(await quoteRow(quoteId)).toMatchObject({ userId: null, translationRequestId: requestId, translation: { unit: 'pages', quantity: 3, isSworn: true, urgency: 'urgent' } });

      const mail = await capture.waitFor(email, /Votre devis .*: Traduction/);
      // The name and the address came from a public form and nobody confirmed them: the greeting leaves the name out.
      expect(mail.text.split('\n')[0]).toBe('Bonjour,');
      expect(mail.text).not.toContain('Luc Martin');
      expect(mail.text).toContain('Traduction assermentée · 3 pages · Français → Espagnol · Urgent');
      expect(mail.text).toMatch(/Prix\s:\s84\s€/);
      const token = tokenIn(mail.text);

      expect((await publicCall('not-a-real-token')).statusCode).toBe(404);
      expect((await publicCall(`${token}x`)).statusCode).toBe(404);
      const opened = await publicCall(token);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['cache-control']).toContain('no-store');
      expect(opened.json()).toMatchObject({ id: quoteId, status: 'sent', title: 'Traducción', priceCents: 8400, name: 'Luc Martin', email, acceptance: 'createAccount' });

      const accepted = await publicCall(token, '/accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({ quoteId });
      const cookie = accepted.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      expect(cookie).toContain('session_token');
      const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(account).toMatchObject({ firstName: 'Luc', lastName: 'Martin', emailVerified: true, role: 'user', language: 'fr' });
      const visitor: TestAccount = { user: { id: account?.id ?? '', email, firstName: 'Luc', lastName: 'Martin', role: 'user' }, password: '', cookie };
      expect((await t.app.inject({ url: '/api/account/session', headers: as(visitor) })).json()).toMatchObject({ user: { email } });
      expect(await quoteRow(quoteId)).toMatchObject({ userId: account?.id, status: 'sent' });
      // The link never signs anyone in again: the account exists now.
      expect((await publicCall(token)).json()).toMatchObject({ acceptance: 'signIn' });
      expect((await publicCall(token, '/accept')).statusCode).toBe(409);
      expect((await publicCall(token, '', visitor)).json()).toMatchObject({ acceptance: 'checkout' });

      // A complete invoice names its recipient (Real Decreto 1619/2012, art. 6): the new client fills in the profile before paying.
      const profile = { firstName: 'Luc', lastName: 'Martin', email, phone: '+34 600 111 222', passportNumber: '19FR12345', address: '1 rue de la Paix, Paris', residenceCountry: 'FR', buyerKind: 'private' };
      expect((await t.app.inject({ method: 'PUT', url: '/api/profile', headers: as(visitor), payload: profile })).statusCode).toBe(200);
      const { paid } = await payQuote(visitor, quoteId, 'translation');
      expect(paid.statusCode).toBe(204);
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.quoteId, quoteId));
      expect(payment).toMatchObject({ paymentStatus: 'paid', amountCents: 8400, serviceId: 'translation' });
      const openedCases = (await t.app.inject({ url: '/api/cases', headers: as(visitor) })).json<Array<{ serviceId: string; serviceTitle: string }>>();
      expect(openedCases).toEqual([expect.objectContaining({ serviceId: 'translation', serviceTitle: 'Traducción' })]);
      // The case already holds the document sent with the request: a copy of its own, not asked for again, not mailed to the firm as new.
      const carried = (openedCases[0] as unknown as { documents: Array<{ id: string; name: string }> }).documents;
      expect(carried).toEqual([expect.objectContaining({ name: 'acta de nacimiento.pdf', contentType: 'application/pdf', sizeBytes: birthCertificate.length })]);
      const [kept] = await t.database.db.select().from(caseDocuments).where(eq(caseDocuments.id, carried[0]?.id ?? ''));
      expect(kept).toMatchObject({ uploadedBy: account?.id, firmNotifiedAt: expect.any(Date) });
      const [sentWith] = await t.database.db.select().from(translationRequestDocuments).where(eq(translationRequestDocuments.translationRequestId, requestId));
      expect(kept?.storagePath).toMatch(/^case-documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
      expect(kept?.storagePath).not.toBe(sentWith?.storageKey);
      const download = await t.app.inject({ url: `/api/cases/${(openedCases[0] as unknown as { id: number }).id}/documents/${carried[0]?.id}`, headers: as(visitor) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(birthCertificate)).toBe(true);
      expect(await quoteRow(quoteId)).toMatchObject({ status: 'accepted', respondedAt: expect.any(Date) });

      const invitation = await capture.waitFor(email, /Choisissez votre mot de passe/);
      const link = /https?:\/\/\S+\/api\/auth\/reset-password\/([A-Za-z0-9]+)/.exec(invitation.text);
      expect(link).not.toBeNull();
      // A first password is chosen when the client reads the mail, maybe the next day: its link lives 24 hours.
      const [invitationLink] = await t.database.db.select().from(verifications).where(eq(verifications.identifier, `reset-password:${link?.[1]}`));
      expect(invitationLink?.expiresAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 23.9 * 60 * 60 * 1000);
      expect(invitation.text).toContain('Le lien expire dans 24\u00a0heures');
      const chosen = await t.app.inject({ method: 'POST', url: '/api/account/password/reset', payload: { token: link?.[1], password: 'Traduccion-Jurada-2026' } });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const signedIn = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email, password: 'Traduccion-Jurada-2026' }, remoteAddress: nextIp() });
      expect(signedIn.statusCode).toBe(200);

      // One quote per request while it is open or accepted.
      const second = await answer(requestId);
      expect(second.statusCode).toBe(409);
      expect((await t.database.db.select().from(quotes).where(eq(quotes.translationRequestId, requestId))).length).toBe(1);
    });

    it('goes to the account that has the address: its owner signs in to accept, never the link', async () => {
      const owner = await createAccount(t, { email: 'amina.diallo@example.com', firstName: 'Amina', lastName: 'Diallo' });
      const stranger = await createAccount(t);
      const requestId = await translationRequest('Amina.Diallo@example.com', 'Amina Diallo');
      const sent = await answer(requestId, { language: 'es', unit: 'words', quantity: 1200, isSworn: false, urgency: 'standard' });
      expect(sent.json()).toMatchObject({ hasAccount: true });
      const quoteId = sent.json<{ id: string }>().id;
      expect(await quoteRow(quoteId)).toMatchObject({ userId: owner.user.id });
      const mail = await capture.waitFor(owner.user.email, /Tu presupuesto de .*: Traducción/);
      expect(mail.text).toContain('Traducción ordinaria · 1200 palabras · Francés → Español · Plazo normal');
      const token = tokenIn(mail.text);

      expect((await publicCall(token)).json()).toMatchObject({ acceptance: 'signIn' });
      const anonymous = await publicCall(token, '/accept');
      expect(anonymous.statusCode).toBe(409);
      expect(anonymous.json<{ message: string }>().message).toContain('inicia sesión');
      expect(anonymous.cookies).toEqual([]);

      expect((await publicCall(token, '', stranger)).json()).toMatchObject({ acceptance: 'otherAccount' });
      expect((await publicCall(token, '/accept', stranger)).statusCode).toBe(403);

      expect((await publicCall(token, '', owner)).json()).toMatchObject({ acceptance: 'checkout' });
      expect((await publicCall(token, '/accept', owner)).json()).toEqual({ quoteId });
      expect(await clientQuotes(owner)).toEqual([expect.objectContaining({ id: quoteId, status: 'sent', priceCents: 8400 })]);
      expect((await clientQuotes(stranger)).map((quote) => quote.id)).not.toContain(quoteId);
    });

    it('is declined from the link by whoever holds it: final', async () => {
      const requestId = await translationRequest('sofia@example.it', 'Sofia Rossi');
      await answer(requestId, { language: 'en' });
      const mail = await capture.waitFor('sofia@example.it', /Your quote from .*: Translation/);
      const token = tokenIn(mail.text);
      const declined = await publicCall(token, '/decline');
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toMatchObject({ status: 'declined' });
      expect((await publicCall(token, '/decline')).statusCode).toBe(409);
      const accepting = await publicCall(token, '/accept');
      expect(accepting.statusCode).toBe(409);
      expect(await t.database.db.select().from(users).where(eq(users.email, 'sofia@example.it'))).toEqual([]);
      // A declined quote no longer blocks a new one for the same request.
      expect((await answer(requestId, { language: 'en' })).statusCode).toBe(201);
    });

    it('refuses a bad translation offer with 400s, leaving the request unanswered and no quote', async () => {
      const requestId = await translationRequest('noel@example.fr', 'Noël Petit');
      for (const change of [
        { quantity: 0 },
        { quantity: 2.5 },
        { unit: 'lines' },
        { sourceLanguage: 'es', targetLanguage: 'es' },
        { targetLanguage: 'klingon' },
        { urgency: 'yesterday' },
        { isSworn: 'yes' },
        { language: 'de' },
        { priceCents: -100 },
      ]) {
        const response = await answer(requestId, change);
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation' });
      }
      const [request] = await t.database.db.select().from(translationRequests).where(eq(translationRequests.id, requestId));
      expect(request?.answeredAt).toBeNull();
      expect(await t.database.db.select().from(quotes).where(and(eq(quotes.translationRequestId, requestId)))).toEqual([]);
      expect((await answer('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });
});
