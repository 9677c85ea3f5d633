import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayUse, staffPermissions, type StaffRoute } from '#common/auth/permissions.ts';
import { isStaffRole, staffRoles } from '#common/auth/staff-roles.ts';
import { chatTokenHeader } from '#common/chat/chat.contract.ts';
import { firmDay } from '#common/dates.ts';
import { mailOutbox } from '#server/db/schema/index.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';
import { openCase } from '#server/features/cases/cases.service.ts';
import { completeClientProfile, createAccount, signInAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { stillWorker } from '#server/test/clock.ts';
import { notificationKinds } from '#common/notifications/notifications.contract.ts';
import { resolveAuthSecret } from '#server/config/secret.ts';
import { unsubscribeToken } from '#server/features/notifications/unsubscribe-token.ts';
import { listening, openEventStream } from '#server/test/event-stream.ts';
import { acceptingLetter } from '#server/test/engagement.ts';
import { createPaidCase, createPaidExpressConsultation } from '#server/test/factories.ts';
import { arraigoAnswers, questionnaireDefinition } from '#server/test/questionnaire.ts';
import { multipartBody, sampleFiles, type FormPart } from '#server/test/multipart.ts';
import { serviceInputOf, type AdminService } from '#common/services/services.admin.contract.ts';
import { stateSnapshotter, type StateSnapshot } from '#server/test/state-snapshot.ts';

/**
 * The authorization matrix (docs/product/permissions.md): every route of the app, asked by every
 * kind of caller, on client A's own records. Client B asks for A's rows by their real ids, with
 * bodies A could send, so a refusal is the permission's and not the validation's; a refused request
 * must leave the database (and the stored files) as they were; nobody but A and the firm may read
 * A's data in an answer. The table must name exactly the routes the app registers: a new route fails
 * this test until its row says who may use it. Each staff role asks every route too: what it may do
 * comes from the permission table (common/auth/permissions.ts), which must name exactly the
 * back-office routes the app registers.
 */

/** The callers each entry states its answer for; the owner is the staff member who may do everything. */
const baseActors = ['anonymous', 'signedOut', 'clientB', 'clientA', 'owner'] as const;
type BaseActor = (typeof baseActors)[number];
const actors = [...baseActors, ...staffRoles.filter((role) => role !== 'owner')] as const;
type Actor = (typeof actors)[number];
type OtherStaff = Exclude<Actor, BaseActor>;

type Fixtures = {
  accounts: { clientA: TestAccount; clientB: TestAccount; clientC: TestAccount; signInTarget: TestAccount } & Record<(typeof staffRoles)[number], TestAccount>;
  /** A's second session, ended by signing out: its cookie must open nothing. */
  signedOutCookie: string;
  /** A's session on another device, which A may end from its list. */
  otherSessionOfA: string;
  /** An owner who has not set up the second factor yet: the whole back office refuses it. */
  pendingAdminCookie: string;
  caseId: number;
  /** B's own case and express consultation: B's way in to A's records, and proof the routes serve B. */
  ofB: { caseId: number; expressId: string };
  /** A's property purchase with the identification A sent (Ley 10/2010), and B's own property purchase. */
  identification: { caseId: number; id: string; fileId: string; caseOfB: number };
  documentId: string;
  /** A's document answering a request flagged for a sworn translation: the one kind of case document a translator reaches. */
  swornDocumentId: string;
  requests: { upload: string; accept: string; reject: string; dueDate: string; remove: string };
  /** A's deadlines: one to mark done, one to remove, one from an electronic notification not opened yet. */
  deadlines: { done: string; remove: string; opened: string };
  /** Appointments of A's case with the administration: one to change, one to cancel. */
  officialAppointments: { change: string; cancel: string };
  /** A's accepted photo the filing pack may hold, and a pack made of it (ADR 057). */
  filing: { documentId: string; packId: string };
  expressId: string;
  attachmentId: string;
  /** Booked by video; `firm` is completed by the admin, `appointment` moved, `video` given its link. */
  scheduled: { reschedule: string; cancel: string; firm: string; appointment: string; video: string };
  /** Free slots to move an appointment to: the client's, the firm's. */
  freeSlots: { client: string; firm: string };
  paymentId: string;
  invoiceId: string;
  invoiceToCancelId: string;
  /** A's accepted engagement letter of A's case, and A's acceptance of the letter of a nie-crue checkout. */
  engagement: { id: string; checkout: unknown };
  testSessions: { view: string; pay: string; cancel: string };
  quotes: { caseQuoteId: string; caseQuoteToken: string; acceptQuoteId: string; acceptToken: string; declineTokens: Record<Actor, string>; requestedByC: string };
  translation: { requestId: string; documentId: string; toQuote: string; remove: string };
  contact: { answer: string; remove: string };
  expatriation: { answer: string; remove: string };
  chat: { messageId: string; conversationId: string; remove: string };
  news: { id: string; remove: string };
  /** A day with its own hours for each staff role to remove (whoever the table allows). */
  agenda: { eventId: string; removeEvent: string; day: string; removeDays: Record<(typeof staffRoles)[number], string> };
  holidayToRemove: string;
  procedures: { id: string; remove: string };
  failedMailId: string;
  service: { id: string; input: unknown };
  /** An open staff invitation to withdraw, and a staff member to deactivate. */
  staff: { invitationId: string; toDeactivate: string };
  /** Strings that only A, the firm and A's own mailed links may show: A's e-mail and the ids of A's records. */
  secretsOfA: string[];
};

type Payload = { json: unknown } | { multipart: FormPart[] } | { raw: string; contentType: string };

type Variant = {
  label: string;
  actor: Actor;
  url: (f: Fixtures) => string;
  body?: (f: Fixtures) => Payload;
  status: number;
  /** Asks for a well-formed id of no record. */
  isMissingRow?: boolean;
};

type Entry = {
  /** The method and the path exactly as the app registers it. */
  route: string;
  url: (f: Fixtures, actor: Actor) => string;
  body?: (f: Fixtures, actor: Actor) => Payload;
  /** The session cookie to send instead of the caller's own, such as one made for this request only (sign-out ends it). */
  cookie?: (f: Fixtures, actor: Actor) => Promise<string | undefined>;
  /** Headers the caller's browser sends besides its cookie. */
  headers?: (actor: Actor) => Record<string, string>;
  expect: Record<BaseActor, number>;
  /**
   * On a route outside the back office where the owner reaches A's record (a case's document, an
   * invoice), the back-office route whose permission decides whether another staff role does too;
   * a role it refuses is answered as B is.
   */
  staffRoute?: StaffRoute;
  /**
   * Staff roles the table lets use the route whom the record itself refuses, with their answer: a
   * translator reaches only the case documents flagged for a sworn translation.
   */
  staffRowRefusals?: Partial<Record<OtherStaff, number>>;
  /** More questions on the same route: a record that does not exist, A's record reached through B's. */
  variants?: Variant[];
  /** Server-Sent Events: read over a real connection, whose stream stays open when accepted. */
  isStream?: boolean;
  /** The answer is a tar.gz, unpacked before looking for A's data in it. */
  isArchive?: boolean;
  /** The answer shows A's data to whoever holds the mailed link's secret (ADR 018): no leak check. */
  isCapability?: boolean;
  /** Why the expectations are what they are, where it is not plain. */
  why?: string;
};

/** Only the staff: 401 without a session, 403 for a client; which staff roles, the permission table says. */
const adminOnly = (ok: number): Record<BaseActor, number> => ({ anonymous: 401, signedOut: 401, clientB: 403, clientA: 403, owner: ok });
/** A's own record: another account gets the 404 of a record that does not exist. */
const ownRow = (ok: number, owner = 404): Record<BaseActor, number> => ({ anonymous: 401, signedOut: 401, clientB: 404, clientA: ok, owner });
/** Any signed-in account, about its own data only. */
const signedIn = (ok: number): Record<BaseActor, number> => ({ anonymous: 401, signedOut: 401, clientB: ok, clientA: ok, owner: ok });
/**
 * The same request for a well-formed id of no record, asked by whoever may use the route: it answers
 * what B's attempt on A's row answered, so ids cannot be probed.
 */
const missingRow = (actor: Actor, url: (f: Fixtures) => string, status = 404): Variant => ({
  label: `${actor}, a record that does not exist`,
  actor,
  url,
  status,
  isMissingRow: true,
});
/** B on a case of B's own: the route serves B, so B's refusals on A's case are the row's. */
const ownRowOfB = (pattern: string, status: number): Variant => ({
  label: 'clientB, its own case',
  actor: 'clientB',
  url: (f) => pattern.replace(':id', String(f.ofB.caseId)),
  status,
});
/** Open to everyone alike. */
const everyone = (status: number): Record<BaseActor, number> => ({ anonymous: status, signedOut: status, clientB: status, clientA: status, owner: status });

const noRow = '00000000-0000-4000-8000-000000000000';
/** A visitor's browser names its conversation with a random token of its own; an account needs none. */
const visitorChat = (actor: Actor): Record<string, string> =>
  actor === 'anonymous' || actor === 'signedOut' ? { [chatTokenHeader]: randomBytes(32).toString('base64url') } : {};
const json = (value: unknown): Payload => ({ json: value });
/** The token of A's unsubscribe link for a case's stage changes, signed as the app signs it. */
const unsubscribeLinkOfA = (f: Fixtures) => unsubscribeToken(resolveAuthSecret(t.app.config), f.accounts.clientA.user.id, ['stageChanges']);
const pdf = (name = 'pasaporte.pdf'): FormPart => ({ name: 'document', filename: name, content: sampleFiles.pdf(), contentType: 'application/pdf' });
/** A photo the filing pack can turn into a page: a JPEG's start and its frame header (its size), then the scan. */
const photo = (name: string): FormPart => ({
  name: 'document',
  filename: name,
  content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x18, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]), Buffer.alloc(512, 0x20), Buffer.from([0xff, 0xd9])]),
  contentType: 'image/jpeg',
});
/** The identification form's text fields (the document is a pdf() part). */
const identificationFields = (): FormPart[] =>
  Object.entries({ fullName: 'Amina Diallo', documentKind: 'passport', documentNumber: 'XK1234567', fundsOrigin: 'Ahorros', purpose: 'Vivienda habitual' }).map(([name, value]) => ({ name, value }));
const day = 24 * 60 * 60 * 1000;
const today = () => firmDay(new Date());
/** A fingerprint appointment a month from now. */
const officialAppointment = () => ({
  kind: 'fingerprints',
  day: firmDay(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)),
  time: '09:30',
  office: 'Comisaría de Elche',
  officeAddress: 'Avinguda de la Llibertat 26, Elche',
  reference: '',
  whatToBring: 'Pasaporte',
});
const inDays = (days: number) => firmDay(new Date(Date.now() + days * day));
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

let ip = 0;
/** A new client address for every request, so the per-address limits never answer instead of the route. */
const nextIp = () => `10.91.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

const profileOf = (account: TestAccount) =>
  json({ firstName: account.user.firstName, lastName: account.user.lastName, email: account.user.email, phone: '+34 600 111 222', ...completeClientProfile });

const translationFields = (email: string): FormPart[] => [
  { name: 'name', value: 'Ana García' },
  { name: 'email', value: email },
  { name: 'phone', value: '+34 600 123 456' },
  { name: 'sourceLanguage', value: 'fr' },
  { name: 'targetLanguage', value: 'es' },
  { name: 'text', value: 'Acta de nacimiento.' },
  { name: 'privacy', value: 'true' },
];

/**
 * What a visitor may use (docs/product/permissions.md): the site, its forms, the chat, the account
 * routes, the provider's webhook, and a quote's mailed link.
 */
const publicRoutes = new Set([
  'GET /healthz',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /manifest.webmanifest',
  'GET /offline/:language',
  'GET /api/services',
  'GET /api/news',
  'GET /api/news/:id',
  'GET /api/sections/:id',
  'GET /api/services/:serviceId/documents',
  'POST /api/contact-requests',
  'POST /api/consultations/expatriation',
  'POST /api/translation-quotes',
  'POST /api/translation-requests',
  'GET /api/consultations/slots',
  'POST /api/account/register',
  'POST /api/account/sign-in',
  'POST /api/account/sign-in/second-factor',
  'POST /api/account/sign-out',
  'GET /api/account/session',
  'POST /api/account/confirmation/resend',
  'POST /api/account/password/forgot',
  'POST /api/account/password/reset',
  'GET /api/auth/verify-email',
  'GET /api/auth/reset-password/:token',
  'POST /api/account/email-change/undo',
  'GET /api/chat/conversation',
  'POST /api/chat/messages',
  'POST /api/chat/reopen',
  'GET /api/chat/stream',
  'POST /api/payments/webhook',
  'GET /api/quotes/by-token/:token',
  'GET /api/staff-invitations/:token',
  'POST /api/staff-invitations/:token/accept',
  'POST /api/quotes/by-token/:token/decline',
  'POST /api/quotes/by-token/:token/accept',
  'POST /formulario-sin-javascript',
  'POST /en/formulario-sin-javascript',
  'POST /fr/formulario-sin-javascript',
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  'POST /api/notifications/resubscribe',
]);

const table: Entry[] = [
  // --- The site: open to everyone. ---
  { route: 'GET /healthz', url: () => '/healthz', expect: everyone(200) },
  { route: 'GET /robots.txt', url: () => '/robots.txt', expect: everyone(200) },
  { route: 'GET /sitemap.xml', url: () => '/sitemap.xml', expect: everyone(200) },
  { route: 'GET /manifest.webmanifest', url: () => '/manifest.webmanifest', expect: everyone(200) },
  { route: 'GET /offline/:language', url: () => '/offline/fr', expect: everyone(200), why: 'The same page for everybody: nothing of anyone, which the service worker keeps (ADR 059).' },
  { route: 'GET /api/services', url: () => '/api/services', expect: everyone(200) },
  { route: 'GET /api/services/:serviceId/documents', url: () => '/api/services/arraigo/documents', expect: everyone(200), why: "A service's default checklist, the same for everybody." },
  { route: 'GET /api/news', url: () => '/api/news', expect: everyone(200) },
  { route: 'GET /api/news/:id', url: (f) => `/api/news/${f.news.id}`, expect: everyone(200), variants: [missingRow('anonymous', () => `/api/news/${noRow}`)] },
  {
    route: 'GET /api/sections/:id',
    url: () => '/api/sections/family-reunification?lang=fr',
    expect: everyone(200),
    variants: [missingRow('anonymous', () => '/api/sections/no-such-page', 400)],
  },
  {
    route: 'POST /api/contact-requests',
    url: () => '/api/contact-requests',
    body: () => json({ name: 'Fatima Benali', email: 'fatima@example.com', message: 'Quiero renovar mi tarjeta.', privacy: true }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/consultations/expatriation',
    url: () => '/api/consultations/expatriation',
    body: () => json({ name: 'Luc Martin', email: 'luc@example.com', objectives: { work: true }, message: 'Nos mudamos a Elche.', privacy: true }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/translation-quotes',
    url: () => '/api/translation-quotes',
    body: () => ({ multipart: [...translationFields('luc@example.com').filter((part) => part.name !== 'text'), { name: 'documents', filename: 'acta.pdf', content: sampleFiles.pdf(), contentType: 'application/pdf' }] }),
    expect: everyone(201),
  },
  { route: 'POST /api/translation-requests', url: () => '/api/translation-requests', body: () => ({ multipart: translationFields('luc@example.com') }), expect: everyone(201) },
  {
    route: 'POST /formulario-sin-javascript',
    url: () => '/formulario-sin-javascript',
    body: () => ({ raw: 'name=Luc+Martin&email=luc%40example.com&message=Hola', contentType: 'application/x-www-form-urlencoded' }),
    expect: everyone(200),
    why: 'A form posted without scripts: its body is dropped and the page says nothing was sent (ADR 034).',
  },
  {
    route: 'POST /en/formulario-sin-javascript',
    url: () => '/en/formulario-sin-javascript',
    body: () => ({ raw: 'name=Luc+Martin&email=luc%40example.com&message=Hola', contentType: 'application/x-www-form-urlencoded' }),
    expect: everyone(200),
    why: 'A form posted without scripts: its body is dropped and the page says nothing was sent (ADR 034).',
  },
  {
    route: 'POST /fr/formulario-sin-javascript',
    url: () => '/fr/formulario-sin-javascript',
    body: () => ({ raw: 'name=Luc+Martin&email=luc%40example.com&message=Hola', contentType: 'application/x-www-form-urlencoded' }),
    expect: everyone(200),
    why: 'A form posted without scripts: its body is dropped and the page says nothing was sent (ADR 034).',
  },
  { route: 'GET /api/consultations/slots', url: () => `/api/consultations/slots?from=${inDays(1)}&to=${inDays(14)}`, expect: everyone(200) },

  // --- Accounts. ---
  {
    route: 'POST /api/account/register',
    url: () => '/api/account/register',
    body: (_f, actor) =>
      json({ firstName: 'Nadia', lastName: 'Haddad', email: `registro-${actor}-${Date.now()}@example.com`, phone: '+34 600 222 333', password: 'Elche-Registro-2026!', acceptTerms: true }),
    expect: everyone(202),
  },
  {
    route: 'POST /api/account/sign-in',
    url: () => '/api/account/sign-in',
    body: (f) => json({ email: f.accounts.signInTarget.user.email, password: f.accounts.signInTarget.password }),
    cookie: (f, actor) => freshSession(f, actor),
    expect: everyone(200),
    why: 'Anyone who knows the password signs in; the session the browser had ends, so each caller brings one made for this request.',
  },
  {
    route: 'POST /api/account/sign-in/second-factor',
    url: () => '/api/account/sign-in/second-factor',
    body: () => json({ code: '123456' }),
    expect: everyone(401),
    why: "Only a browser holding the password step's challenge (and no session) reaches the code check; two-factor.routes.test.ts signs in through it.",
  },
  {
    route: 'POST /api/account/two-factor/enable',
    url: () => '/api/account/two-factor/enable',
    body: () => json({ password: 'No-Es-Mi-Clave-2026!' }),
    expect: { anonymous: 401, signedOut: 401, clientB: 400, clientA: 400, owner: 400 },
    why: "The caller's own account only, with its password typed again (two-factor.routes.test.ts turns it on).",
  },
  {
    route: 'POST /api/account/two-factor/confirm',
    url: () => '/api/account/two-factor/confirm',
    body: () => json({ code: '123456' }),
    expect: { anonymous: 401, signedOut: 401, clientB: 409, clientA: 409, owner: 409 },
    why: 'It confirms a set-up the caller started on its own account: the clients started none, the admin has one already.',
  },
  {
    route: 'POST /api/account/two-factor/disable',
    url: () => '/api/account/two-factor/disable',
    body: () => json({ password: 'No-Es-Mi-Clave-2026!', code: '123456' }),
    expect: { anonymous: 401, signedOut: 401, clientB: 409, clientA: 409, owner: 403 },
    why: 'The clients have no second factor to turn off; an admin keeps it.',
  },
  {
    route: 'POST /api/account/two-factor/backup-codes',
    url: () => '/api/account/two-factor/backup-codes',
    body: () => json({ password: 'No-Es-Mi-Clave-2026!' }),
    expect: { anonymous: 401, signedOut: 401, clientB: 409, clientA: 409, owner: 400 },
    why: "The caller's own codes, with its password typed again: the clients have none, the admin's wrong password changes nothing.",
  },
  { route: 'GET /api/account/sessions', url: () => '/api/account/sessions', expect: signedIn(200), why: "Each account lists its own sessions." },
  {
    route: 'DELETE /api/account/sessions/:id',
    url: (f) => `/api/account/sessions/${f.otherSessionOfA}`,
    expect: ownRow(204),
    variants: [missingRow('clientA', () => `/api/account/sessions/${noRow}`)],
  },
  {
    route: 'POST /api/account/sessions/end-others',
    url: () => '/api/account/sessions/end-others',
    expect: signedIn(204),
    why: "Each account ends its own other sessions; the one it calls from stays.",
  },
  {
    route: 'POST /api/account/sign-out',
    url: () => '/api/account/sign-out',
    cookie: (f, actor) => freshSession(f, actor),
    expect: everyone(204),
    why: 'Each signed-in caller ends a session made for this request, so the matrix keeps its own.',
  },
  { route: 'GET /api/account/session', url: () => '/api/account/session', expect: everyone(200) },
  { route: 'POST /api/account/confirmation/resend', url: () => '/api/account/confirmation/resend', body: (_f, actor) => json({ email: `confirmar-${actor}@example.com` }), expect: everyone(202) },
  { route: 'POST /api/account/password/forgot', url: () => '/api/account/password/forgot', body: (_f, actor) => json({ email: `olvido-${actor}@example.com` }), expect: everyone(202) },
  {
    route: 'POST /api/account/password/reset',
    url: () => '/api/account/password/reset',
    body: () => json({ token: 'ningun-enlace-enviado', password: 'Elche-Nueva-Clave-2026!' }),
    expect: everyone(400),
    why: 'A token no mail carried is refused alike for everyone; the route is public and reveals nothing.',
  },
  { route: 'GET /api/auth/verify-email', url: () => '/api/auth/verify-email?token=ningun-enlace', expect: everyone(400), why: 'A link no mail carried is refused alike for everyone.' },
  { route: 'GET /api/auth/reset-password/:token', url: () => '/api/auth/reset-password/ningun-enlace?callbackURL=/restablecer', expect: everyone(302), why: 'Better Auth sends an unknown link back to the site.' },
  {
    route: 'POST /api/account/email-change/undo',
    url: () => '/api/account/email-change/undo',
    body: () => json({ token: 'ningun-enlace-enviado' }),
    expect: everyone(400),
    why: 'A link no mail carried is refused alike for everyone; the route is public and reveals nothing.',
  },
  { route: 'GET /api/profile', url: () => '/api/profile', expect: signedIn(200) },
  {
    route: 'GET /api/profile/export',
    url: () => '/api/profile/export',
    expect: signedIn(200),
    isArchive: true,
    why: "Everyone's own data only: the archive is unpacked for the check that B's holds nothing of A's.",
  },
  {
    route: 'DELETE /api/profile',
    url: () => '/api/profile',
    body: () => json({ password: 'No-Es-Mi-Clave-2026!', isConfirmed: true }),
    expect: { anonymous: 401, signedOut: 401, clientB: 400, clientA: 400, owner: 400 },
    why: "It deletes only the caller's own account, and only with its password typed again: without it, nobody's is deleted (deleting is the feature's own test).",
  },
  { route: 'PUT /api/profile', url: () => '/api/profile', body: (f, actor) => profileOf(accountOf(f, actor) ?? f.accounts.clientA), expect: signedIn(200), why: 'Each account edits its own profile with its own data.' },

  // --- Notifications: each account's own choices, and a mail's unsubscribe link (ADR 055). ---
  { route: 'GET /api/notifications/preferences', url: () => '/api/notifications/preferences', expect: signedIn(200) },
  {
    route: 'PUT /api/notifications/preferences',
    url: () => '/api/notifications/preferences',
    body: () => json(Object.fromEntries(notificationKinds.map((kind) => [kind, { email: true, push: true }]))),
    expect: signedIn(200),
    why: 'Each account saves its own choices; nobody names another account.',
  },
  { route: 'GET /api/notifications/push/key', url: () => '/api/notifications/push/key', expect: signedIn(200), why: "The server's public VAPID key, the same for everybody, to subscribe a browser with (ADR 059)." },
  {
    route: 'POST /api/notifications/push/subscriptions',
    url: () => '/api/notifications/push/subscriptions',
    body: () => json({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-browser', keys: { p256dh: 'BP256dh', auth: 'auth' } }),
    expect: signedIn(204),
    why: 'Each account subscribes the browser it is signed in on; a browser belongs to the last account that subscribed on it.',
  },
  {
    route: 'POST /api/notifications/push/unsubscribe',
    url: () => '/api/notifications/push/unsubscribe',
    body: () => json({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-browser' }),
    expect: signedIn(204),
    why: "Only the caller's own browser is forgotten: another account's row with that address stays (push.routes.test.ts).",
  },
  {
    route: 'GET /api/notifications/unsubscribe',
    url: (f) => `/api/notifications/unsubscribe?token=${unsubscribeLinkOfA(f)}`,
    expect: everyone(200),
    isCapability: true,
    variants: [missingRow('anonymous', () => '/api/notifications/unsubscribe?token=ningun-secreto', 400)],
    why: "The mailed link is the key (a signed token naming A and the kind): its page names the kind, nothing of A's, and changes nothing.",
  },
  {
    route: 'POST /api/notifications/unsubscribe',
    url: (f) => `/api/notifications/unsubscribe?token=${unsubscribeLinkOfA(f)}`,
    body: () => ({ raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' }),
    expect: everyone(200),
    isCapability: true,
    variants: [missingRow('anonymous', () => '/api/notifications/unsubscribe?token=ningun-secreto', 400)],
    why: "RFC 8058's one click, sent by the mail provider without a session: whoever holds A's link turns off that kind of A's mail, and only that.",
  },
  {
    route: 'POST /api/notifications/resubscribe',
    url: (f) => `/api/notifications/resubscribe?token=${unsubscribeLinkOfA(f)}`,
    body: () => ({ raw: 'resubscribe=1', contentType: 'application/x-www-form-urlencoded' }),
    expect: everyone(200),
    isCapability: true,
    variants: [missingRow('anonymous', () => '/api/notifications/resubscribe?token=ningun-secreto', 400)],
    why: 'The confirmation page’s way back, with the same link’s token.',
  },

  // --- Chat: a visitor's or an account's own conversation. ---
  { route: 'GET /api/chat/conversation', url: () => '/api/chat/conversation', headers: visitorChat, expect: everyone(200) },
  {
    route: 'POST /api/chat/messages',
    url: () => '/api/chat/messages',
    headers: visitorChat,
    body: (f, actor) => json({ name: 'Ana', email: accountOf(f, actor)?.user.email ?? 'visitante@example.com', message: '¿Abren el sábado?' }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/chat/reopen',
    url: () => '/api/chat/reopen',
    // The widget sends its new token with every link, signed in or not.
    headers: () => ({ [chatTokenHeader]: randomBytes(32).toString('base64url') }),
    body: () => json({ link: 'L'.repeat(43) }),
    expect: everyone(404),
    why: 'A mailed link gives only the conversation it was made for (the feature’s own test); an unknown one gives nothing to anyone.',
  },
  {
    route: 'GET /api/chat/stream',
    url: () => '/api/chat/stream',
    headers: visitorChat,
    isStream: true,
    expect: { anonymous: 204, signedOut: 204, clientB: 200, clientA: 200, owner: 200 },
    why: "A visitor's new browser has no conversation yet: 204, on which the stream stops; each account wrote in the entry above.",
  },

  // --- Hiring and paying. ---
  { route: 'GET /api/payments/quote/:serviceId', url: () => '/api/payments/quote/arraigo', expect: signedIn(200) },
  {
    route: 'POST /api/payments/checkout',
    url: () => '/api/payments/checkout',
    body: (f) => json({ service: { id: 'nie-crue' }, user: { id: f.accounts.clientA.user.id, email: f.accounts.clientA.user.email }, engagement: f.engagement.checkout }),
    expect: { anonymous: 401, signedOut: 401, clientB: 403, clientA: 200, owner: 403 },
    variants: [
      {
        label: "clientB, in its own name, paying A's quote",
        actor: 'clientB',
        url: () => '/api/payments/checkout',
        body: (f) => json({ service: { id: 'translation' }, user: { id: f.accounts.clientB.user.id, email: f.accounts.clientB.user.email }, quoteId: f.quotes.acceptQuoteId, engagement: f.engagement.checkout }),
        status: 404,
      },
    ],
    why: "A checkout in A's name from another account is refused (403).",
  },
  { route: 'GET /api/payments', url: () => '/api/payments', expect: signedIn(200) },
  {
    route: 'POST /api/payments/webhook',
    url: () => '/api/payments/webhook',
    body: () => ({ raw: JSON.stringify({ type: 'checkout.session.completed' }), contentType: 'application/json' }),
    expect: everyone(400),
    why: 'Only a payload the provider signed is read; sessions play no part.',
  },
  {
    route: 'GET /api/payments/test-checkout/:sessionId',
    url: (f) => `/api/payments/test-checkout/${f.testSessions.view}`,
    expect: ownRow(200),
    variants: [missingRow('clientA', () => `/api/payments/test-checkout/test_${noRow}`)],
  },
  {
    route: 'POST /api/payments/test-checkout/:sessionId/pay',
    url: (f) => `/api/payments/test-checkout/${f.testSessions.pay}/pay`,
    expect: ownRow(204),
    variants: [missingRow('clientA', () => `/api/payments/test-checkout/test_${noRow}/pay`)],
  },
  {
    route: 'POST /api/payments/test-checkout/:sessionId/cancel',
    url: (f) => `/api/payments/test-checkout/${f.testSessions.cancel}/cancel`,
    expect: ownRow(204),
    variants: [missingRow('clientA', () => `/api/payments/test-checkout/test_${noRow}/cancel`)],
  },
  {
    route: 'GET /api/invoices/:id/pdf',
    staffRoute: 'GET /api/admin/payments',
    url: (f) => `/api/invoices/${f.invoiceId}/pdf`,
    expect: ownRow(200, 200),
    variants: [missingRow('clientA', () => `/api/invoices/${noRow}/pdf`)],
  },

  // --- The engagement letter. ---
  { route: 'POST /api/engagements/letter', url: () => '/api/engagements/letter', body: () => json({ service: { id: 'nie-crue' } }), expect: signedIn(200) },
  { route: 'GET /api/engagements', url: () => '/api/engagements', expect: signedIn(200) },
  {
    route: 'GET /api/engagements/:id/pdf',
    staffRoute: 'GET /api/admin/cases/:id',
    url: (f) => `/api/engagements/${f.engagement.id}/pdf`,
    expect: ownRow(200, 200),
    variants: [missingRow('clientA', () => `/api/engagements/${noRow}/pdf`)],
  },
  {
    route: 'POST /api/engagements/:id/withdrawal',
    url: (f) => `/api/engagements/${f.engagement.id}/withdrawal`,
    expect: ownRow(200),
    variants: [missingRow('clientA', () => `/api/engagements/${noRow}/withdrawal`)],
    why: 'Only the client who accepted the letter withdraws from it; the firm refunds through the payment.',
  },

  // --- Quotes. ---
  { route: 'POST /api/quotes', url: () => '/api/quotes', body: () => json({ serviceId: 'renewals-appeals', message: 'Me denegaron la renovación.' }), expect: signedIn(201) },
  { route: 'GET /api/quotes', url: () => '/api/quotes', expect: signedIn(200) },
  {
    route: 'POST /api/quotes/:id/decline',
    url: (f) => `/api/quotes/${f.quotes.caseQuoteId}/decline`,
    expect: ownRow(200),
    variants: [missingRow('clientA', () => `/api/quotes/${noRow}/decline`)],
  },
  {
    route: 'GET /api/quotes/by-token/:token',
    url: (f) => `/api/quotes/by-token/${f.quotes.caseQuoteToken}`,
    expect: everyone(200),
    isCapability: true,
    variants: [missingRow('anonymous', () => '/api/quotes/by-token/ningun-secreto')],
    why: 'The mailed link is the key: whoever holds it reads that quote (ADR 018).',
  },
  {
    route: 'POST /api/quotes/by-token/:token/decline',
    url: (f, actor) => `/api/quotes/by-token/${f.quotes.declineTokens[actor]}/decline`,
    expect: everyone(200),
    isCapability: true,
    variants: [missingRow('anonymous', () => '/api/quotes/by-token/ningun-secreto/decline')],
    why: 'The link proves the address, as it does to accept: each caller declines a quote of A with a link of its own.',
  },
  {
    route: 'POST /api/quotes/by-token/:token/accept',
    url: (f) => `/api/quotes/by-token/${f.quotes.acceptToken}/accept`,
    expect: { anonymous: 409, signedOut: 409, clientB: 403, clientA: 200, owner: 403 },
    variants: [missingRow('anonymous', () => '/api/quotes/by-token/ningun-secreto/accept')],
    why: "A's account exists, so the link never enters it: sign in first (409); another account is refused (403).",
  },

  // --- The client's cases. ---
  { route: 'GET /api/cases', url: () => '/api/cases', expect: signedIn(200) },
  { route: 'GET /api/cases/stream', url: () => '/api/cases/stream', isStream: true, expect: signedIn(200) },
  {
    route: 'PUT /api/cases/:id/seen',
    staffRoute: 'GET /api/admin/cases/:id',
    url: (f) => `/api/cases/${f.caseId}/seen`,
    expect: ownRow(204, 204),
    why: "The staff who read cases may follow any case; what they have seen is their own.",
    variants: [missingRow('clientA', () => '/api/cases/2147483000/seen'), ownRowOfB('/api/cases/:id/seen', 204)],
  },
  {
    route: 'POST /api/cases/:id/documents',
    url: (f) => `/api/cases/${f.caseId}/documents`,
    body: () => ({ multipart: [pdf()] }),
    expect: ownRow(201),
    variants: [missingRow('clientA', () => '/api/cases/2147483000/documents')],
  },
  {
    route: 'GET /api/cases/:id/documents/:documentId',
    staffRoute: 'GET /api/admin/cases/:id/documents/:documentId',
    staffRowRefusals: { translator: 404 },
    url: (f) => `/api/cases/${f.caseId}/documents/${f.documentId}`,
    expect: ownRow(200, 200),
    why: 'The staff who read cases may download any case document; a translator only those flagged for a sworn translation.',
    variants: [
      { label: 'translator, a document flagged for a sworn translation', actor: 'translator', url: (f) => `/api/cases/${f.caseId}/documents/${f.swornDocumentId}`, status: 200 },
      missingRow('clientA', (f) => `/api/cases/${f.caseId}/documents/${noRow}`),
      { label: "clientB, A's document through B's own case", actor: 'clientB', url: (f) => `/api/cases/${f.ofB.caseId}/documents/${f.documentId}`, status: 404 },
    ],
  },
  {
    route: 'POST /api/cases/:id/messages',
    url: (f) => `/api/cases/${f.caseId}/messages`,
    body: () => json({ body: 'Adjunto el pasaporte.' }),
    expect: ownRow(201),
    variants: [missingRow('clientA', () => '/api/cases/2147483000/messages')],
  },
  {
    route: 'GET /api/cases/:id/deadlines',
    url: (f) => `/api/cases/${f.caseId}/deadlines`,
    expect: ownRow(200),
    variants: [missingRow('clientA', () => '/api/cases/2147483000/deadlines'), ownRowOfB('/api/cases/:id/deadlines', 200)],
  },
  {
    route: 'GET /api/cases/:id/official-appointments',
    url: (f) => `/api/cases/${f.caseId}/official-appointments`,
    expect: ownRow(200),
    variants: [missingRow('clientA', () => '/api/cases/2147483000/official-appointments'), ownRowOfB('/api/cases/:id/official-appointments', 200)],
  },
  {
    route: 'GET /api/cases/:id/questionnaire',
    url: (f) => `/api/cases/${f.caseId}/questionnaire`,
    expect: ownRow(200),
    variants: [missingRow('clientA', () => '/api/cases/2147483000/questionnaire'), ownRowOfB('/api/cases/:id/questionnaire', 200)],
  },
  {
    route: 'PUT /api/cases/:id/questionnaire',
    url: (f) => `/api/cases/${f.caseId}/questionnaire`,
    body: () => json({ answers: { parents: { fatherName: 'Mamadou Diallo' } } }),
    expect: ownRow(200),
    variants: [missingRow('clientA', () => '/api/cases/2147483000/questionnaire')],
  },
  {
    route: 'POST /api/cases/:id/questionnaire/submit',
    url: (f) => `/api/cases/${f.caseId}/questionnaire/submit`,
    body: () => json({ answers: arraigoAnswers() }),
    expect: ownRow(200),
    variants: [missingRow('clientA', () => '/api/cases/2147483000/questionnaire/submit')],
  },
  {
    route: 'GET /api/cases/:id/requests',
    staffRoute: 'GET /api/admin/cases/:id/requests',
    url: (f) => `/api/cases/${f.caseId}/requests`,
    expect: ownRow(200, 200),
    why: "The staff who read cases may read any case's requests.",
    variants: [missingRow('clientA', () => '/api/cases/2147483000/requests'), ownRowOfB('/api/cases/:id/requests', 200)],
  },
  {
    route: 'POST /api/cases/:id/requests/:requestId/documents',
    staffRoute: 'POST /api/admin/cases/:id/requests/:requestId/documents',
    url: (f) => `/api/cases/${f.caseId}/requests/${f.requests.upload}/documents`,
    body: () => ({ multipart: [pdf()] }),
    expect: ownRow(201, 201),
    why: "The staff who handle document requests may upload to any case's request.",
    variants: [
      missingRow('clientA', (f) => `/api/cases/${f.caseId}/requests/${noRow}/documents`),
      { label: "clientB, A's request through B's own case", actor: 'clientB', url: (f) => `/api/cases/${f.ofB.caseId}/requests/${f.requests.upload}/documents`, status: 404 },
    ],
  },

  // --- The identification property work asks (Ley 10/2010). ---
  { route: 'GET /api/identifications', url: () => '/api/identifications', expect: signedIn(200) },
  {
    route: 'POST /api/cases/:id/identification',
    url: (f) => `/api/cases/${f.identification.caseId}/identification`,
    body: () => ({ multipart: [...identificationFields(), pdf()] }),
    expect: ownRow(201),
    why: 'Only the client sends their identification; the staff review it on the back office.',
    variants: [
      missingRow('clientA', () => '/api/cases/2147483000/identification'),
      { label: 'clientB, its own property case', actor: 'clientB', url: (f) => `/api/cases/${f.identification.caseOfB}/identification`, status: 201 },
      { label: 'clientA, a case that asks no identification', actor: 'clientA', url: (f) => `/api/cases/${f.caseId}/identification`, status: 404 },
    ],
  },
  {
    route: 'GET /api/cases/:id/identification/:identificationId/files/:fileId',
    staffRoute: 'GET /api/admin/cases/:id/identification/:identificationId/files/:fileId',
    url: (f) => `/api/cases/${f.identification.caseId}/identification/${f.identification.id}/files/${f.identification.fileId}`,
    expect: ownRow(200, 200),
    why: 'The staff who review identifications may download its files; no other role.',
    variants: [
      missingRow('clientA', (f) => `/api/cases/${f.identification.caseId}/identification/${f.identification.id}/files/${noRow}`),
      { label: "clientB, A's file through B's own case", actor: 'clientB', url: (f) => `/api/cases/${f.identification.caseOfB}/identification/${f.identification.id}/files/${f.identification.fileId}`, status: 404 },
    ],
  },

  // --- The client's consultations. ---
  { route: 'GET /api/consultations', url: () => '/api/consultations', expect: signedIn(200) },
  {
    route: 'GET /api/consultations/:id/messages',
    staffRoute: 'GET /api/admin/consultations/:id/messages',
    url: (f) => `/api/consultations/${f.expressId}/messages`,
    expect: ownRow(200, 200),
    why: "The staff who answer threads may read any express consultation's thread.",
    variants: [
      missingRow('clientA', () => `/api/consultations/${noRow}/messages`),
      { label: 'clientB, its own consultation', actor: 'clientB', url: (f) => `/api/consultations/${f.ofB.expressId}/messages`, status: 200 },
    ],
  },
  {
    route: 'POST /api/consultations/:id/messages',
    url: (f) => `/api/consultations/${f.expressId}/messages`,
    body: () => ({ multipart: [{ name: 'body', value: 'Una pregunta más.' }] }),
    expect: ownRow(201),
    variants: [missingRow('clientA', () => `/api/consultations/${noRow}/messages`)],
  },
  {
    route: 'GET /api/consultations/:id/attachments/:attachmentId',
    staffRoute: 'GET /api/admin/consultations/:id/attachments/:attachmentId',
    url: (f) => `/api/consultations/${f.expressId}/attachments/${f.attachmentId}`,
    expect: ownRow(200, 200),
    why: "The staff who answer threads may download any express consultation's files.",
    variants: [
      missingRow('clientA', (f) => `/api/consultations/${f.expressId}/attachments/${noRow}`),
      { label: "clientB, A's file through B's own consultation", actor: 'clientB', url: (f) => `/api/consultations/${f.ofB.expressId}/attachments/${f.attachmentId}`, status: 404 },
    ],
  },
  {
    route: 'POST /api/consultations/:id/reschedule',
    url: (f) => `/api/consultations/${f.scheduled.reschedule}/reschedule`,
    body: (f) => json({ startsAt: f.freeSlots.client }),
    expect: ownRow(204),
    variants: [missingRow('clientA', () => `/api/consultations/${noRow}/reschedule`)],
  },
  {
    route: 'GET /api/consultations/:id/calendar',
    url: (f) => `/api/consultations/${f.scheduled.video}/calendar`,
    expect: ownRow(200),
    variants: [missingRow('clientA', () => `/api/consultations/${noRow}/calendar`)],
  },
  {
    route: 'POST /api/consultations/:id/cancel',
    url: (f) => `/api/consultations/${f.scheduled.cancel}/cancel`,
    expect: ownRow(204),
    variants: [missingRow('clientA', () => `/api/consultations/${noRow}/cancel`)],
  },

  // --- The back office. ---
  { route: 'GET /api/admin/setup-check', url: () => '/api/admin/setup-check', expect: adminOnly(200) },
  { route: 'GET /api/admin/cases', url: () => '/api/admin/cases', expect: adminOnly(200) },
  { route: 'GET /api/admin/cases/unread', url: () => '/api/admin/cases/unread', expect: adminOnly(200) },
  { route: 'GET /api/admin/cases/:id', url: (f) => `/api/admin/cases/${f.caseId}`, expect: adminOnly(200), variants: [missingRow('owner', () => '/api/admin/cases/2147483000')] },
  { route: 'PUT /api/admin/cases/:id/seen', url: (f) => `/api/admin/cases/${f.caseId}/seen`, expect: adminOnly(204), variants: [missingRow('owner', () => '/api/admin/cases/2147483000/seen')] },
  {
    route: 'POST /api/admin/cases/:id/documents',
    url: (f) => `/api/admin/cases/${f.caseId}/documents`,
    body: () => ({ multipart: [pdf('resolucion.pdf')] }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/documents')],
  },
  {
    route: 'GET /api/admin/cases/:id/documents/:documentId',
    url: (f) => `/api/admin/cases/${f.caseId}/documents/${f.documentId}`,
    expect: adminOnly(200),
    staffRowRefusals: { translator: 404 },
    why: 'A translator reaches only the documents flagged for a sworn translation.',
    variants: [
      { label: 'translator, a document flagged for a sworn translation', actor: 'translator', url: (f) => `/api/admin/cases/${f.caseId}/documents/${f.swornDocumentId}`, status: 200 },
      missingRow('owner', (f) => `/api/admin/cases/${f.caseId}/documents/${noRow}`),
      { label: "owner, A's document through another case", actor: 'owner', url: (f) => `/api/admin/cases/${f.ofB.caseId}/documents/${f.documentId}`, status: 404 },
    ],
  },
  {
    route: 'POST /api/admin/cases/:id/messages',
    url: (f) => `/api/admin/cases/${f.caseId}/messages`,
    body: () => json({ body: 'Recibido, gracias.' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/messages')],
  },
  {
    route: 'PUT /api/admin/cases/:id/stage',
    url: (f) => `/api/admin/cases/${f.caseId}/stage`,
    body: () => json({ stage: 'reviewing_documents', note: 'Revisando.' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/stage')],
  },
  {
    route: 'GET /api/admin/cases/:id/identification',
    url: (f) => `/api/admin/cases/${f.identification.caseId}/identification`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/identification'), { label: 'owner, a case that asks none (answered so)', actor: 'owner', url: (f) => `/api/admin/cases/${f.caseId}/identification`, status: 200 }],
  },
  {
    route: 'GET /api/admin/cases/:id/identification/:identificationId/files/:fileId',
    url: (f) => `/api/admin/cases/${f.identification.caseId}/identification/${f.identification.id}/files/${f.identification.fileId}`,
    expect: adminOnly(200),
    variants: [
      missingRow('owner', (f) => `/api/admin/cases/${f.identification.caseId}/identification/${f.identification.id}/files/${noRow}`),
      { label: "owner, A's file through another case", actor: 'owner', url: (f) => `/api/admin/cases/${f.identification.caseOfB}/identification/${f.identification.id}/files/${f.identification.fileId}`, status: 404 },
    ],
  },
  {
    route: 'POST /api/admin/cases/:id/identification/:identificationId/review',
    url: (f) => `/api/admin/cases/${f.identification.caseId}/identification/${f.identification.id}/review`,
    body: () => json({ decision: 'return', note: 'La foto no se lee.' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', (f) => `/api/admin/cases/${f.identification.caseId}/identification/${noRow}/review`)],
  },
  {
    route: 'PUT /api/admin/cases/:id/filing',
    url: (f) => `/api/admin/cases/${f.caseId}/filing`,
    body: () => json({ fileNumber: 'ALI-2026-123', filedOn: today(), office: 'Oficina de Extranjería de Alicante' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/filing')],
  },
  { route: 'GET /api/admin/cases/:id/requests', url: (f) => `/api/admin/cases/${f.caseId}/requests`, expect: adminOnly(200), variants: [missingRow('owner', () => '/api/admin/cases/2147483000/requests')] },
  { route: 'GET /api/admin/cases/:id/notes', url: (f) => `/api/admin/cases/${f.caseId}/notes`, expect: adminOnly(200), variants: [missingRow('owner', () => '/api/admin/cases/2147483000/notes')] },
  {
    route: 'POST /api/admin/cases/:id/notes',
    url: (f) => `/api/admin/cases/${f.caseId}/notes`,
    body: () => json({ body: 'Revisar el certificado antes del viernes.' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/notes')],
  },
  {
    route: 'PUT /api/admin/cases/:id/assignee',
    url: (f) => `/api/admin/cases/${f.caseId}/assignee`,
    body: () => json({ assigneeId: null }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/assignee')],
  },
  { route: 'GET /api/admin/case-assignees', url: () => '/api/admin/case-assignees', expect: adminOnly(200) },
  {
    route: 'POST /api/admin/cases/:id/requests',
    url: (f) => `/api/admin/cases/${f.caseId}/requests`,
    body: () => json({ title: 'Certificado de antecedentes penales', dueDate: inDays(30) }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/requests')],
  },
  {
    route: 'POST /api/admin/cases/:id/procedures',
    url: (f) => `/api/admin/cases/${f.caseId}/procedures`,
    body: (f) => json({ procedureId: f.procedures.id }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/procedures')],
  },
  {
    route: 'POST /api/admin/cases/:id/requests/:requestId/documents',
    url: (f) => `/api/admin/cases/${f.caseId}/requests/${f.requests.upload}/documents`,
    body: () => ({ multipart: [pdf('certificado.pdf')] }),
    expect: adminOnly(201),
    variants: [missingRow('owner', (f) => `/api/admin/cases/${f.caseId}/requests/${noRow}/documents`)],
  },
  {
    route: 'POST /api/admin/cases/:id/requests/:requestId/accept',
    url: (f) => `/api/admin/cases/${f.caseId}/requests/${f.requests.accept}/accept`,
    expect: adminOnly(200),
    variants: [missingRow('owner', (f) => `/api/admin/cases/${f.caseId}/requests/${noRow}/accept`)],
  },
  {
    route: 'POST /api/admin/cases/:id/requests/:requestId/reject',
    url: (f) => `/api/admin/cases/${f.caseId}/requests/${f.requests.reject}/reject`,
    body: () => json({ reason: 'La foto no se lee.' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', (f) => `/api/admin/cases/${f.caseId}/requests/${noRow}/reject`)],
  },
  {
    route: 'PUT /api/admin/cases/:id/requests/:requestId/due-date',
    url: (f) => `/api/admin/cases/${f.caseId}/requests/${f.requests.dueDate}/due-date`,
    body: () => json({ dueDate: inDays(20) }),
    expect: adminOnly(200),
    variants: [missingRow('owner', (f) => `/api/admin/cases/${f.caseId}/requests/${noRow}/due-date`)],
  },
  {
    route: 'DELETE /api/admin/cases/:id/requests/:requestId',
    url: (f) => `/api/admin/cases/${f.caseId}/requests/${f.requests.remove}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', (f) => `/api/admin/cases/${f.caseId}/requests/${noRow}`)],
  },
  { route: 'GET /api/admin/cases/:id/deadlines', url: (f) => `/api/admin/cases/${f.caseId}/deadlines`, expect: adminOnly(200), variants: [missingRow('owner', () => '/api/admin/cases/2147483000/deadlines')] },
  {
    route: 'GET /api/admin/cases/:id/deadlines/preview',
    url: (f) => `/api/admin/cases/${f.caseId}/deadlines/preview?kind=requerimiento&startDate=${today()}`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/cases/2147483000/deadlines/preview?kind=requerimiento&startDate=${today()}`)],
  },
  {
    route: 'POST /api/admin/cases/:id/deadlines',
    url: (f) => `/api/admin/cases/${f.caseId}/deadlines`,
    body: () => json({ kind: 'requerimiento', startDate: today(), note: 'Requerimiento de la oficina.' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/deadlines')],
  },
  { route: 'GET /api/admin/deadlines', url: () => '/api/admin/deadlines', expect: adminOnly(200) },
  { route: 'POST /api/admin/deadlines/:id/done', url: (f) => `/api/admin/deadlines/${f.deadlines.done}/done`, expect: adminOnly(200), variants: [missingRow('owner', () => `/api/admin/deadlines/${noRow}/done`)] },
  {
    route: 'POST /api/admin/deadlines/:id/opened',
    url: (f) => `/api/admin/deadlines/${f.deadlines.opened}/opened`,
    body: () => json({ openedOn: today() }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/deadlines/${noRow}/opened`)],
  },
  { route: 'DELETE /api/admin/deadlines/:id', url: (f) => `/api/admin/deadlines/${f.deadlines.remove}`, expect: adminOnly(204), variants: [missingRow('owner', () => `/api/admin/deadlines/${noRow}`)] },
  {
    route: 'GET /api/admin/cases/:id/official-appointments',
    url: (f) => `/api/admin/cases/${f.caseId}/official-appointments`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/official-appointments')],
  },
  {
    route: 'POST /api/admin/cases/:id/official-appointments',
    url: (f) => `/api/admin/cases/${f.caseId}/official-appointments`,
    body: () => json(officialAppointment()),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/official-appointments')],
  },
  {
    route: 'PUT /api/admin/official-appointments/:id',
    url: (f) => `/api/admin/official-appointments/${f.officialAppointments.change}`,
    body: () => json({ ...officialAppointment(), time: '11:00' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/official-appointments/${noRow}`)],
  },
  {
    route: 'DELETE /api/admin/official-appointments/:id',
    url: (f) => `/api/admin/official-appointments/${f.officialAppointments.cancel}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/official-appointments/${noRow}`)],
  },
  {
    route: 'GET /api/admin/cases/:id/filing-packs',
    url: (f) => `/api/admin/cases/${f.caseId}/filing-packs`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/filing-packs')],
  },
  {
    route: 'POST /api/admin/cases/:id/filing-packs',
    url: (f) => `/api/admin/cases/${f.caseId}/filing-packs`,
    body: (f) => json({ documents: [{ documentId: f.filing.documentId }] }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/filing-packs')],
  },
  {
    route: 'GET /api/admin/filing-packs/:id/files/:number',
    url: (f) => `/api/admin/filing-packs/${f.filing.packId}/files/1`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/filing-packs/${noRow}/files/1`)],
  },
  {
    route: 'POST /api/admin/filing-packs/:id/filed',
    url: (f) => `/api/admin/filing-packs/${f.filing.packId}/filed`,
    body: () => json({ filedOn: today(), receiptNumber: 'REGAGE26e00000000001' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/filing-packs/${noRow}/filed`)],
  },
  { route: 'GET /api/admin/filing-limits', url: () => '/api/admin/filing-limits', expect: adminOnly(200) },
  { route: 'PUT /api/admin/filing-limits', url: () => '/api/admin/filing-limits', body: () => json({ maxFileBytes: 10 * 1024 * 1024, maxTotalBytes: 50 * 1024 * 1024 }), expect: adminOnly(200) },
  { route: 'GET /api/admin/holidays', url: () => '/api/admin/holidays', expect: adminOnly(200) },
  { route: 'POST /api/admin/holidays', url: () => '/api/admin/holidays', body: (_f, actor) => json({ date: `2031-06-${String(10 + actors.indexOf(actor)).padStart(2, '0')}`, scope: 'elche', name: 'San Juan' }), expect: adminOnly(201) },
  { route: 'DELETE /api/admin/holidays/:id', url: (f) => `/api/admin/holidays/${f.holidayToRemove}`, expect: adminOnly(204), variants: [missingRow('owner', () => `/api/admin/holidays/${noRow}`)] },

  { route: 'GET /api/admin/consultations', url: () => '/api/admin/consultations', expect: adminOnly(200) },
  { route: 'GET /api/admin/consultations/:id/notes', url: (f) => `/api/admin/consultations/${f.scheduled.firm}/notes`, expect: adminOnly(200), variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/notes`)] },
  {
    route: 'POST /api/admin/consultations/:id/notes',
    url: (f) => `/api/admin/consultations/${f.scheduled.firm}/notes`,
    body: () => json({ body: 'Prefiere la videollamada por la tarde.' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/notes`)],
  },
  {
    route: 'PATCH /api/admin/consultations/:id',
    url: (f) => `/api/admin/consultations/${f.scheduled.firm}`,
    body: () => json({ status: 'completada', firmNote: 'Le recomendamos el arraigo.', recommendedServiceId: 'arraigo' }),
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}`)],
  },
  {
    route: 'DELETE /api/admin/consultations/:id',
    url: (f) => `/api/admin/consultations/${f.expatriation.remove}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}`)],
  },
  {
    route: 'PUT /api/admin/consultations/:id/answer',
    url: (f) => `/api/admin/consultations/${f.expatriation.answer}/answer`,
    body: () => json({ note: 'Le llamamos el lunes.', scheduledAt: null }),
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/answer`)],
  },
  {
    route: 'PUT /api/admin/consultations/:id/appointment',
    url: (f) => `/api/admin/consultations/${f.scheduled.appointment}/appointment`,
    body: (f) => json({ startsAt: f.freeSlots.firm, meetingMode: 'office' }),
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/appointment`)],
  },
  {
    route: 'PUT /api/admin/consultations/:id/video-link',
    url: (f) => `/api/admin/consultations/${f.scheduled.video}/video-link`,
    body: () => json({ videoUrl: 'https://meet.example.com/abc' }),
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/video-link`)],
  },
  {
    route: 'GET /api/admin/consultations/:id/messages',
    url: (f) => `/api/admin/consultations/${f.expressId}/messages`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/messages`)],
  },
  {
    route: 'POST /api/admin/consultations/:id/messages',
    url: (f) => `/api/admin/consultations/${f.expressId}/messages`,
    body: () => ({ multipart: [{ name: 'body', value: 'Puede solicitar el arraigo social.' }] }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/messages`)],
  },
  {
    route: 'GET /api/admin/consultations/:id/attachments/:attachmentId',
    url: (f) => `/api/admin/consultations/${f.expressId}/attachments/${f.attachmentId}`,
    expect: adminOnly(200),
    variants: [missingRow('owner', (f) => `/api/admin/consultations/${f.expressId}/attachments/${noRow}`)],
  },

  {
    route: 'PUT /api/admin/consultations/:id/assignee',
    url: (f) => `/api/admin/consultations/${f.expressId}/assignee`,
    body: () => json({ assigneeId: null }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/consultations/${noRow}/assignee`)],
  },
  {
    route: 'GET /api/admin/assignees/:kind',
    url: () => '/api/admin/assignees/contact-requests',
    expect: adminOnly(200),
    staffRowRefusals: { translator: 403 },
    why: 'Whoever shares out a kind of work reads whom it may go to; a translator shares out no contact requests.',
  },

  { route: 'GET /api/admin/contact-requests', url: () => '/api/admin/contact-requests', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/contact-requests/:id/assignee',
    url: (f) => `/api/admin/contact-requests/${f.contact.answer}/assignee`,
    body: () => json({ assigneeId: null }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/contact-requests/${noRow}/assignee`)],
  },
  {
    route: 'PATCH /api/admin/contact-requests/:id',
    url: (f) => `/api/admin/contact-requests/${f.contact.answer}`,
    body: () => json({ answered: true }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/contact-requests/${noRow}`)],
  },
  {
    route: 'DELETE /api/admin/contact-requests/:id',
    url: (f) => `/api/admin/contact-requests/${f.contact.remove}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/contact-requests/${noRow}`)],
  },
  { route: 'GET /api/admin/translation-requests', url: () => '/api/admin/translation-requests', expect: adminOnly(200) },
  {
    route: 'PATCH /api/admin/translation-requests/:id',
    url: (f) => `/api/admin/translation-requests/${f.translation.requestId}`,
    body: () => json({ answered: true }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/translation-requests/${noRow}`)],
  },
  {
    route: 'DELETE /api/admin/translation-requests/:id',
    url: (f) => `/api/admin/translation-requests/${f.translation.remove}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/translation-requests/${noRow}`)],
  },
  {
    route: 'GET /api/admin/translation-requests/:id/documents',
    url: (f) => `/api/admin/translation-requests/${f.translation.requestId}/documents`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/translation-requests/${noRow}/documents`)],
  },
  {
    route: 'GET /api/admin/translation-requests/:id/documents/:documentId',
    url: (f) => `/api/admin/translation-requests/${f.translation.requestId}/documents/${f.translation.documentId}`,
    expect: adminOnly(200),
    variants: [missingRow('owner', (f) => `/api/admin/translation-requests/${f.translation.requestId}/documents/${noRow}`)],
  },
  {
    route: 'POST /api/admin/translation-requests/:id/quotes',
    url: (f) => `/api/admin/translation-requests/${f.translation.toQuote}/quotes`,
    body: () => json(translationQuote()),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => `/api/admin/translation-requests/${noRow}/quotes`)],
  },
  { route: 'GET /api/admin/quotes', url: () => '/api/admin/quotes', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/quotes/:id/assignee',
    url: (f) => `/api/admin/quotes/${f.quotes.caseQuoteId}/assignee`,
    body: () => json({ assigneeId: null }),
    expect: adminOnly(200),
    // A case quote is the lawyers' to share out, not the translators'.
    staffRowRefusals: { translator: 403 },
    variants: [missingRow('owner', () => `/api/admin/quotes/${noRow}/assignee`)],
  },
  {
    route: 'PUT /api/admin/translation-requests/:id/assignee',
    url: (f) => `/api/admin/translation-requests/${f.translation.requestId}/assignee`,
    body: () => json({ assigneeId: null }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/translation-requests/${noRow}/assignee`)],
  },
  {
    route: 'POST /api/admin/quotes/:id/send',
    url: (f) => `/api/admin/quotes/${f.quotes.requestedByC}/send`,
    body: () => json({ priceCents: 40_000, validUntil: inDays(30), message: 'Recurso de reposición.' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/quotes/${noRow}/send`)],
  },

  { route: 'GET /api/admin/payments', url: () => '/api/admin/payments', expect: adminOnly(200) },
  { route: 'GET /api/admin/billing-records', url: () => `/api/admin/billing-records?year=${new Date().getFullYear()}`, expect: adminOnly(200) },
  { route: 'GET /api/admin/verifactu-events', url: () => '/api/admin/verifactu-events', expect: adminOnly(200) },
  { route: 'GET /api/admin/payments/offers', url: (f) => `/api/admin/payments/offers?userId=${f.accounts.clientA.user.id}`, expect: adminOnly(200) },
  {
    route: 'POST /api/admin/payments',
    url: () => '/api/admin/payments',
    body: (f) => json({ client: { kind: 'existing', userId: f.accounts.clientA.user.id }, serviceId: 'nie-crue', amountCents: null, method: 'cash', paidOn: today(), reference: '' }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/admin/invoices/:id/cancellation',
    url: (f) => `/api/admin/invoices/${f.invoiceToCancelId}/cancellation`,
    body: () => json({ reason: 'Cobro duplicado por error.' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => `/api/admin/invoices/${noRow}/cancellation`)],
    why: "The staff who keep the accounts cancel an invoice's billing record made in error (the express consultation's: the case's is rectified by the refund below, which a cancelled invoice refuses).",
  },
  {
    route: 'POST /api/admin/payments/:id/refunds',
    url: (f) => `/api/admin/payments/${f.paymentId}/refunds`,
    body: () => json({ amountCents: 1000, reason: 'Descuento acordado.', outcome: 'keep_open' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => `/api/admin/payments/${noRow}/refunds`)],
  },

  { route: 'GET /api/admin/clients', url: () => '/api/admin/clients', expect: adminOnly(200) },
  { route: 'GET /api/admin/clients/:id/notes', url: (f) => `/api/admin/clients/${f.accounts.clientA.user.id}/notes`, expect: adminOnly(200), variants: [missingRow('owner', () => `/api/admin/clients/${noRow}/notes`)] },
  {
    route: 'POST /api/admin/clients/:id/notes',
    url: (f) => `/api/admin/clients/${f.accounts.clientA.user.id}/notes`,
    body: () => json({ body: 'Habla mejor en francés.' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => `/api/admin/clients/${noRow}/notes`)],
  },
  {
    route: 'PUT /api/admin/clients/:id/role',
    url: (f) => `/api/admin/clients/${f.accounts.clientA.user.id}/role`,
    body: () => json({ role: 'user' }),
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/clients/${noRow}/role`)],
    why: "Sets A's role to what it is: the refusals must not touch it, the admin's write changes nothing visible.",
  },
  { route: 'GET /api/admin/audit', url: () => '/api/admin/audit', expect: adminOnly(200) },
  { route: 'GET /api/admin/failed-mails', url: () => '/api/admin/failed-mails', expect: adminOnly(200) },
  {
    route: 'POST /api/admin/failed-mails/:id/resend',
    url: (f) => `/api/admin/failed-mails/${f.failedMailId}/resend`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/failed-mails/${noRow}/resend`)],
  },
  { route: 'GET /api/admin/reply-timers', url: () => '/api/admin/reply-timers', expect: adminOnly(200) },
  { route: 'GET /api/admin/search', url: () => '/api/admin/search?q=garc', expect: adminOnly(200) },
  { route: 'GET /api/admin/today', url: () => '/api/admin/today', expect: adminOnly(200) },

  { route: 'GET /api/admin/chat/messages', url: () => '/api/admin/chat/messages', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/chat/conversations/:id/assignee',
    url: (f) => `/api/admin/chat/conversations/${f.chat.conversationId}/assignee`,
    body: () => json({ assigneeId: null }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/chat/conversations/${noRow}/assignee`)],
  },
  {
    route: 'GET /api/admin/chat/messages/:id/conversation',
    url: (f) => `/api/admin/chat/messages/${f.chat.messageId}/conversation`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/chat/messages/${noRow}/conversation`)],
  },
  {
    route: 'POST /api/admin/chat/messages/:id/replies',
    url: (f) => `/api/admin/chat/messages/${f.chat.messageId}/replies`,
    body: () => json({ message: 'Sí, de 10 a 13 h.' }),
    expect: adminOnly(201),
    variants: [missingRow('owner', () => `/api/admin/chat/messages/${noRow}/replies`)],
  },
  {
    route: 'DELETE /api/admin/chat/messages/:id',
    url: (f) => `/api/admin/chat/messages/${f.chat.remove}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/chat/messages/${noRow}`)],
  },
  { route: 'GET /api/admin/chat/stream', url: () => '/api/admin/chat/stream', isStream: true, expect: adminOnly(200) },

  { route: 'GET /api/admin/news', url: () => '/api/admin/news', expect: adminOnly(200) },
  { route: 'POST /api/admin/news', url: () => '/api/admin/news', body: () => json({ texts: { es: { title: 'Nueva ley', content: 'Texto.' } }, publishedAt: new Date().toISOString() }), expect: adminOnly(201) },
  {
    route: 'PUT /api/admin/news/:id',
    url: (f) => `/api/admin/news/${f.news.id}`,
    body: () => json({ texts: { es: { title: 'Noticia editada', content: 'Texto editado.' } }, publishedAt: '2026-01-05T10:00:00Z' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/news/${noRow}`)],
  },
  { route: 'DELETE /api/admin/news/:id', url: (f) => `/api/admin/news/${f.news.remove}`, expect: adminOnly(204), variants: [missingRow('owner', () => `/api/admin/news/${noRow}`)] },

  { route: 'GET /api/admin/sections', url: () => '/api/admin/sections', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/sections/:id',
    url: () => '/api/admin/sections/expatriation',
    body: () =>
      json({ texts: { es: { title: 'Expatriación', summary: 'Resumen.', audience: 'Para quién.', requirements: 'Requisitos.', approach: 'Cómo trabajamos.', faq: [] } } }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/sections/no-such-page', 400)],
  },

  { route: 'GET /api/admin/agenda', url: () => `/api/admin/agenda?from=${today()}&to=${inDays(30)}`, expect: adminOnly(200) },
  { route: 'POST /api/admin/agenda/events', url: () => '/api/admin/agenda/events', body: () => json({ date: inDays(40), time: '09:30', title: 'Juicio' }), expect: adminOnly(201) },
  {
    route: 'PUT /api/admin/agenda/events/:id',
    url: (f) => `/api/admin/agenda/events/${f.agenda.eventId}`,
    body: () => json({ date: inDays(41), time: null, title: 'Juicio aplazado' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/agenda/events/${noRow}`)],
  },
  {
    route: 'DELETE /api/admin/agenda/events/:id',
    url: (f) => `/api/admin/agenda/events/${f.agenda.removeEvent}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/agenda/events/${noRow}`)],
  },
  { route: 'GET /api/admin/agenda/hours', url: () => '/api/admin/agenda/hours', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/agenda/hours',
    url: () => '/api/admin/agenda/hours',
    body: () => json({ weekly: [...Array.from({ length: 5 }, () => [{ opens: '09:00', closes: '14:00' }, { opens: '16:00', closes: '19:00' }]), [], []], minimumNoticeHours: 24, expressFollowUps: 2 }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/agenda/days', url: () => '/api/admin/agenda/days', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/agenda/days/:date',
    url: (f) => `/api/admin/agenda/days/${f.agenda.day}`,
    body: () => json({ ranges: [], note: 'Inventario' }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/agenda/days/:date',
    url: (f, actor) => `/api/admin/agenda/days/${f.agenda.removeDays[isStaffRole(actor) ? actor : 'owner']}`,
    expect: adminOnly(204),
  },

  {
    route: 'GET /api/admin/cases/:id/questionnaire',
    url: (f) => `/api/admin/cases/${f.caseId}/questionnaire`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/questionnaire')],
  },
  {
    route: 'PUT /api/admin/cases/:id/questionnaire',
    url: (f) => `/api/admin/cases/${f.caseId}/questionnaire`,
    body: () => json({ answers: arraigoAnswers() }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/questionnaire')],
  },
  {
    route: 'POST /api/admin/cases/:id/questionnaire/review',
    url: (f) => `/api/admin/cases/${f.caseId}/questionnaire/review`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/questionnaire/review')],
  },
  {
    route: 'GET /api/admin/cases/:id/questionnaire/data-sheet',
    url: (f) => `/api/admin/cases/${f.caseId}/questionnaire/data-sheet`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/cases/2147483000/questionnaire/data-sheet')],
  },
  {
    route: 'GET /api/admin/procedures/:id/questionnaire',
    url: () => '/api/admin/procedures/arraigo-social/questionnaire',
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/procedures/${noRow}/questionnaire`)],
  },
  {
    route: 'PUT /api/admin/procedures/:id/questionnaire',
    url: (f) => `/api/admin/procedures/${f.procedures.id}/questionnaire`,
    body: () => json(questionnaireDefinition()),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/procedures/${noRow}/questionnaire`)],
  },
  { route: 'GET /api/admin/procedures', url: () => '/api/admin/procedures', expect: adminOnly(200) },
  { route: 'GET /api/admin/procedure-choices', url: () => '/api/admin/procedure-choices', expect: adminOnly(200) },
  { route: 'GET /api/admin/procedure-services', url: () => '/api/admin/procedure-services', expect: adminOnly(200) },
  { route: 'POST /api/admin/procedures', url: () => '/api/admin/procedures', body: () => json(procedureInput('Recurso de alzada')), expect: adminOnly(201) },
  {
    route: 'PUT /api/admin/procedures/:id',
    url: (f) => `/api/admin/procedures/${f.procedures.id}`,
    body: () => json(procedureInput('Requerimiento (editado)')),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/procedures/${noRow}`)],
  },
  {
    route: 'DELETE /api/admin/procedures/:id',
    url: (f) => `/api/admin/procedures/${f.procedures.remove}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/procedures/${noRow}`)],
  },
  { route: 'GET /api/admin/services', url: () => '/api/admin/services', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/services/:id',
    url: (f) => `/api/admin/services/${f.service.id}`,
    body: (f) => json(f.service.input),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/services/ningun-servicio')],
    why: 'Saves the service as it is, so the catalogue the other routes sell from stays the same.',
  },
  {
    route: 'GET /api/admin/engagements/templates/:serviceId',
    url: () => '/api/admin/engagements/templates/nie-crue',
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/engagements/templates/ningun-servicio')],
  },
  {
    route: 'PUT /api/admin/engagements/templates/:serviceId',
    url: () => '/api/admin/engagements/templates/translation',
    body: () => json({ es: '# Hoja de encargo\n\n{{clientName}} encarga {{service}}.', en: '', fr: '' }),
    expect: adminOnly(200),
    variants: [missingRow('owner', () => '/api/admin/engagements/templates/ningun-servicio')],
    why: 'Writes the letter of a service no checkout of the matrix reads (translation is never sold online).',
  },
  {
    route: 'GET /api/admin/cases/:id/engagements',
    url: (f) => `/api/admin/cases/${f.caseId}/engagements`,
    expect: adminOnly(200),
  },
];

const staffEntries: Entry[] = [
  {
    route: 'GET /api/staff-invitations/:token',
    url: () => '/api/staff-invitations/ningun-enlace-de-invitacion-enviado',
    expect: everyone(404),
    why: 'The mailed link is the key (staff.routes.test.ts follows a real one); a link no mail carried shows nothing to anyone.',
  },
  {
    route: 'POST /api/staff-invitations/:token/accept',
    url: () => '/api/staff-invitations/ningun-enlace-de-invitacion-enviado/accept',
    body: () => json({ firstName: 'Rosa', lastName: 'Mena', phone: '+34 600 333 444', password: 'Elche-Equipo-Clave-2026!' }),
    expect: everyone(404),
    why: 'Only a mailed link makes an account, once (staff.routes.test.ts); a link no mail carried makes nothing for anyone.',
  },
  { route: 'GET /api/admin/staff', url: () => '/api/admin/staff', expect: adminOnly(200) },
  { route: 'GET /api/admin/sworn-translation-documents', url: () => '/api/admin/sworn-translation-documents', expect: adminOnly(200) },
  {
    route: 'POST /api/admin/staff/invitations',
    url: () => '/api/admin/staff/invitations',
    body: (_f, actor) => json({ email: `invitada-${actor}@example.com`, role: 'lawyer', language: 'fr' }),
    expect: adminOnly(201),
  },
  {
    route: 'DELETE /api/admin/staff/invitations/:id',
    url: (f) => `/api/admin/staff/invitations/${f.staff.invitationId}`,
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/staff/invitations/${noRow}`)],
  },
  {
    route: 'PUT /api/admin/staff/:id/role',
    url: (f) => `/api/admin/staff/${f.accounts.lawyer.user.id}/role`,
    body: () => json({ role: 'lawyer' }),
    expect: adminOnly(204),
    variants: [missingRow('owner', () => `/api/admin/staff/${noRow}/role`)],
    why: "Sets the lawyer's role to what it is: the refusals must not touch it, the owner's write changes nothing visible.",
  },
  {
    route: 'POST /api/admin/staff/:id/deactivate',
    url: (f) => `/api/admin/staff/${f.staff.toDeactivate}/deactivate`,
    expect: adminOnly(200),
    variants: [missingRow('owner', () => `/api/admin/staff/${noRow}/deactivate`)],
  },
];
table.push(...staffEntries);

function procedureInput(title: string) {
  const text = (value: string) => ({ es: value, en: value, fr: value });
  return {
    title: text(title),
    serviceId: null,
    isDefault: false,
    items: [{ title: text('Pasaporte'), explanation: text('Todas las páginas.'), isApostilleRequired: false, isSwornTranslationRequired: false, validityMonths: null, isPerFamilyMember: false }],
  };
}

function translationQuote() {
  return {
    priceCents: 6000,
    validUntil: inDays(30),
    message: 'Traducción jurada del acta.',
    language: 'es',
    unit: 'pages',
    quantity: 2,
    sourceLanguage: 'fr',
    targetLanguage: 'es',
    urgency: 'standard',
    isSworn: true,
  };
}

function accountOf(f: Fixtures, actor: Actor): TestAccount | undefined {
  if (actor === 'clientA' || actor === 'clientB' || isStaffRole(actor)) return f.accounts[actor];
  return undefined;
}

let t: TestApp;
let fixtures: Fixtures;
let stateSnapshot: () => Promise<StateSnapshot>;

/** A session of the actor's account made for one request (signing out ends it); the anonymous and signed-out callers keep theirs. */
async function freshSession(f: Fixtures, actor: Actor): Promise<string | undefined> {
  const account = accountOf(f, actor);
  if (!account) return cookieOf(f, actor);
  return signInAccount(t.app, account, { remoteAddress: nextIp() });
}

function cookieOf(f: Fixtures, actor: Actor): string | undefined {
  if (actor === 'anonymous') return undefined;
  if (actor === 'signedOut') return f.signedOutCookie;
  return f.accounts[actor].cookie;
}

function injectOptions(entry: Entry, url: string, payload: Payload | undefined, headers: Record<string, string>): InjectOptions {
  const [method] = entry.route.split(' ');
  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers, remoteAddress: nextIp() };
  if (!payload) return options;
  if ('json' in payload) return { ...options, payload: payload.json as InjectOptions['payload'] };
  if ('raw' in payload) return { ...options, payload: payload.raw, headers: { ...headers, 'content-type': payload.contentType } };
  const body = multipartBody(payload.multipart);
  return { ...options, payload: body.payload, headers: { ...headers, ...body.headers } };
}

type Case = Variant & { entry: Entry };

function bodyOf(entry: Entry, actor: Actor): Variant['body'] {
  const { body } = entry;
  return body && ((f) => body(f, actor));
}

/** The back-office route an entry is, by the permission table; undefined for any other route. */
function staffRouteOf(entry: Entry): StaffRoute | undefined {
  return Object.hasOwn(staffPermissions, entry.route) ? (entry.route as StaffRoute) : undefined;
}

/**
 * What a staff role other than the owner gets, from the permission table: on a back-office route,
 * 403 where its row leaves the role out, else what the owner gets (a write that would use up the
 * owner's record asks for a record that does not exist instead: the role passes the gate and the
 * route answers 404); on another route, what the owner gets, or B's answer where the role may not
 * reach A's record (staffRoute).
 */
function staffCase(entry: Entry, role: OtherStaff): Case {
  const plain: Case = { label: role, actor: role, entry, url: (f) => entry.url(f, role), body: bodyOf(entry, role), status: entry.expect.owner };
  const rowRefusal = entry.staffRowRefusals?.[role];
  if (rowRefusal !== undefined) return { ...plain, label: `${role}, allowed, but not this record`, status: rowRefusal };
  const route = staffRouteOf(entry);
  if (route) {
    if (!mayUse(role, route)) return { ...plain, label: `${role}, refused by its role`, status: 403 };
    const missing = entry.variants?.find((variant) => variant.isMissingRow);
    const isWrite = !entry.route.startsWith('GET ');
    if (isWrite && missing) return { ...plain, label: `${role}, allowed, a record that does not exist`, url: missing.url, status: missing.status, isMissingRow: true };
    return { ...plain, label: `${role}, allowed` };
  }
  if (entry.staffRoute && !mayUse(role, entry.staffRoute)) return { ...plain, label: `${role}, not its records`, status: entry.expect.clientB };
  return plain;
}

/** An entry's cases: the refused callers first (while the row is as the owner left it), then those it serves. */
function casesOf(entry: Entry): Case[] {
  const byActor: Case[] = actors.map((actor) =>
    isBaseActor(actor)
      ? { label: actor, actor, entry, url: (f) => entry.url(f, actor), body: bodyOf(entry, actor), status: entry.expect[actor] }
      : staffCase(entry, actor),
  );
  // A variant sends the entry's body unless it has its own, so only the record differs.
  const variants: Case[] = (entry.variants ?? []).map((variant) => ({
    ...variant,
    body: variant.body ?? bodyOf(entry, variant.actor),
    entry,
  }));
  const isRefused = (c: Case) => c.status >= 300;
  return [...byActor.filter(isRefused), ...variants, ...byActor.filter((c) => !isRefused(c))];
}

function isBaseActor(actor: Actor): actor is BaseActor {
  return (baseActors as readonly string[]).includes(actor);
}

const allCases = table.flatMap(casesOf);

async function send(c: Case): Promise<{ status: number; body: string }> {
  const f = fixtures;
  const url = c.url(f);
  const cookie = c.entry.cookie ? await c.entry.cookie(f, c.actor) : cookieOf(f, c.actor);
  const headers = { ...c.entry.headers?.(c.actor), ...(cookie ? { cookie } : {}) };
  if (c.entry.isStream) {
    const stream = await openEventStream(`${await listening(t.app)}${url}`, headers);
    stream.close();
    return { status: stream.status, body: '' };
  }
  const response: LightMyRequestResponse = await t.app.inject(injectOptions(c.entry, url, c.body?.(f), headers));
  const isArchive = c.entry.isArchive && response.statusCode === 200;
  return { status: response.statusCode, body: isArchive ? gunzipSync(response.rawPayload).toString('utf8') : response.body };
}

describe('authorization matrix: every route, every caller', () => {
  const registered = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp({
      // The worker acts only when kicked or woken, and nothing comes due on its own between two snapshots.
      worker: stillWorker(),
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
        }
      },
    });
    fixtures = await createFixtures();
    stateSnapshot = await stateSnapshotter(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('expects no leak: nothing private for visitors, no back office for clients, none of A’s records for B', () => {
    const faults: string[] = [];
    for (const entry of table) {
      const { expect: status, route } = entry;
      const isPublic = publicRoutes.has(route);
      if (status.signedOut !== status.anonymous) faults.push(`${route}: an ended session is no session`);
      if (!isPublic && status.anonymous < 400) faults.push(`${route}: open to visitors but not among the public routes`);
      if (route.includes(' /api/admin/') && (status.anonymous !== 401 || status.clientA !== 403 || status.clientB !== 403)) faults.push(`${route}: back office not refused`);
      if (route.includes(' /api/admin/') && !staffRouteOf(entry)) faults.push(`${route}: no row in the staff permission table`);
      if (entry.staffRoute && status.owner !== status.clientA) faults.push(`${route}: the owner does not reach A's record`);
      const missing = entry.variants?.find((variant) => variant.isMissingRow);
      if (!isPublic && !route.includes(' /api/admin/') && missing) {
        if (status.clientB < 400) faults.push(`${route}: B served A's record`);
        if (missing.status !== status.clientB) faults.push(`${route}: A's record answers B otherwise than no record does`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('has a row in the staff permission table for exactly the back-office routes the app registers', () => {
    const backOffice = [...registered].filter((route) => route.includes(' /api/admin/')).sort();
    expect(backOffice.filter((route) => !Object.hasOwn(staffPermissions, route)), 'back-office routes without a row').toEqual([]);
    expect(Object.keys(staffPermissions).filter((route) => !registered.has(route)).sort(), 'rows naming no route').toEqual([]);
  });

  it('names exactly the routes the app registers', () => {
    const named = new Set(table.map((entry) => entry.route));
    expect(named.size, 'a route named twice').toBe(table.length);
    expect([...registered].filter((route) => !named.has(route)).sort(), 'routes the table does not name').toEqual([]);
    expect([...named].filter((route) => !registered.has(route)).sort(), 'entries with no route').toEqual([]);
  });

  for (const entry of table) {
    describe(entry.route, () => {
      for (const c of casesOf(entry)) {
        it(`${c.label} → ${c.status}`, async () => {
          // Reads too: a refused read must not mark anything seen nor store anything either.
          // What an allowed request before woke the worker to do (a mail, on PostgreSQL also by NOTIFY) is done first.
          if (c.status >= 300) await t.app.worker.kick();
          const before = c.status >= 300 ? await stateSnapshot() : undefined;
          const { status, body } = await send(c);
          expect(status, body).toBe(c.status);
          if (before) expect(await stateSnapshot(), 'a refused request changed the database or the stored files').toEqual(before);
          const isStranger = c.actor !== 'clientA' && !isStaffRole(c.actor);
          if (isStranger && !entry.isCapability && status < 300) {
            expect(fixtures.secretsOfA.filter((secret) => body.includes(secret)), "A's data in a stranger's answer").toEqual([]);
          }
        });
      }
    });
  }

  it('refuses every back-office route to an owner without a second factor, changing nothing', async () => {
    const before = await stateSnapshot();
    const faults: string[] = [];
    for (const entry of table.filter((e) => e.route.includes(' /api/admin/'))) {
      const url = entry.url(fixtures, 'owner');
      const headers = { cookie: fixtures.pendingAdminCookie };
      if (entry.isStream) {
        const stream = await openEventStream(`${await listening(t.app)}${url}`, headers);
        stream.close();
        if (stream.status !== 403) faults.push(`${entry.route}: ${stream.status}`);
        continue;
      }
      const response = await t.app.inject(injectOptions(entry, url, bodyOf(entry, 'owner')?.(fixtures), headers));
      const code = response.statusCode === 403 ? response.json<{ code: string }>().code : undefined;
      if (code !== 'twoFactorRequired') faults.push(`${entry.route}: ${response.statusCode} ${response.body}`);
    }
    expect(faults).toEqual([]);
    expect(await stateSnapshot()).toEqual(before);
  });

  // The count is in the test's name, so the run's report shows it (docs/product/permissions.md cites it).
  it(`asks ${allCases.length} questions about ${table.length} routes, at least 600`, () => {
    expect(allCases.length).toBeGreaterThanOrEqual(600);
  });
});

/** Everything the matrix asks about, made the way people make it: through the app, as A, B, C and the admin. */
async function createFixtures(): Promise<Fixtures> {
  const app = t.app;
  const [clientA, clientB, clientC, admin, signInTarget] = await Promise.all([
    createAccount(t, { firstName: 'Amina', lastName: 'Diallo' }),
    createAccount(t, { firstName: 'Iván', lastName: 'Petrov' }),
    createAccount(t, { firstName: 'Chen', lastName: 'Wei' }),
    createAccount(t, { role: 'owner', firstName: 'Marta', lastName: 'Ruiz' }),
    createAccount(t, { firstName: 'Sara', lastName: 'López' }),
  ]);
  const [lawyer, reception, translator, accounting] = await Promise.all([
    createAccount(t, { role: 'lawyer', firstName: 'Lucía', lastName: 'Ortega' }),
    createAccount(t, { role: 'reception', firstName: 'Pablo', lastName: 'Gil' }),
    createAccount(t, { role: 'translator', firstName: 'Claire', lastName: 'Dubois' }),
    createAccount(t, { role: 'accounting', firstName: 'Jorge', lastName: 'Vidal' }),
  ]);
  const as = (account: TestAccount) => ({ cookie: account.cookie });
  const call = async (options: InjectOptions, expected: number) => {
    const response = await app.inject({ remoteAddress: nextIp(), ...options });
    if (response.statusCode !== expected) throw new Error(`${options.method ?? 'GET'} ${String(options.url)}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const post = (account: TestAccount | undefined, url: string, payload: unknown, expected = 201) =>
    call({ method: 'POST', url, headers: account ? as(account) : {}, payload: payload as InjectOptions['payload'] }, expected);
  const upload = (account: TestAccount | undefined, url: string, parts: FormPart[], expected = 201) => {
    const body = multipartBody(parts);
    return call({ method: 'POST', url, headers: { ...(account ? as(account) : {}), ...body.headers }, payload: body.payload }, expected);
  };
  const idOf = (response: LightMyRequestResponse) => response.json<{ id: string }>().id;

  // A's second session, then signed out: the cookie stays in the browser, the session is gone.
  const second = await call({ method: 'POST', url: '/api/account/sign-in', payload: { email: clientA.user.email, password: clientA.password } }, 200);
  const signedOutCookie = second.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await call({ method: 'POST', url: '/api/account/sign-out', headers: { cookie: signedOutCookie } }, 204);
  const otherDevice = await signInAccount(app, clientA, { remoteAddress: nextIp() });
  const otherSessions = (await call({ method: 'GET', url: '/api/account/sessions', headers: { cookie: otherDevice } }, 200)).json<{ sessions: { id: string; isCurrent: boolean }[] }>();
  const otherSessionOfA = otherSessions.sessions.find((session) => session.isCurrent)?.id ?? '';
  const pending = { user: { email: 'admin-sin-factor@example.com' }, password: 'Admin-Sin-Factor-2026' };
  await upsertConfirmedAccount(app.auth, t.database.db, { email: pending.user.email, password: pending.password, firstName: 'Nuria', lastName: 'Sanz', role: 'owner' });
  const pendingAdminCookie = await signInAccount(app, pending, { remoteAddress: nextIp() });

  // A's case, with a document, document requests in each state the routes need, and deadlines.
  const caseId = await createPaidCase(app, clientA);
  const caseOfB = await createPaidCase(app, clientB);
  // A's first draft of the questionnaire: the firm has answers to review.
  await call({ method: 'PUT', url: `/api/cases/${caseId}/questionnaire`, headers: as(clientA), payload: { answers: arraigoAnswers() } }, 200);
  const documentId = idOf(await upload(clientA, `/api/cases/${caseId}/documents`, [pdf()]));
  const newRequest = async (title: string) => idOf(await post(admin, `/api/admin/cases/${caseId}/requests`, { title, dueDate: null }));
  const requests = {
    upload: await newRequest('Pasaporte'),
    accept: await newRequest('Empadronamiento'),
    reject: await newRequest('Foto'),
    dueDate: await newRequest('Contrato'),
    remove: await newRequest('Informe'),
  };
  for (const received of [requests.accept, requests.reject]) await upload(clientA, `/api/cases/${caseId}/requests/${received}/documents`, [pdf()]);
  // A procedure whose item needs a sworn translation, applied to A's case, and A's upload to it.
  const text = (value: string) => ({ es: value, en: value, fr: value });
  const swornProcedure = idOf(
    await post(admin, '/api/admin/procedures', {
      ...procedureInput('Traducción'),
      items: [{ title: text('Acta de nacimiento'), explanation: text('Traducida.'), isApostilleRequired: false, isSwornTranslationRequired: true, validityMonths: null, isPerFamilyMember: false }],
    }),
  );
  const applied = (await post(admin, `/api/admin/cases/${caseId}/procedures`, { procedureId: swornProcedure })).json<{ id: string; title: string }[]>();
  const swornRequest = applied.find((request) => request.title === 'Acta de nacimiento')?.id ?? '';
  const swornDocumentId = (await upload(clientA, `/api/cases/${caseId}/requests/${swornRequest}/documents`, [pdf('acta.pdf')])).json<{ documents: { id: string }[] }>().documents[0]?.id ?? '';
  const newDeadline = async () => idOf(await post(admin, `/api/admin/cases/${caseId}/deadlines`, { kind: 'requerimiento', startDate: today(), note: '' }));
  const unopenedNotice = idOf(await post(admin, `/api/admin/cases/${caseId}/deadlines`, { kind: 'requerimiento', startDate: today(), notice: 'electronic' }));
  const deadlines = { done: await newDeadline(), remove: await newDeadline(), opened: unopenedNotice };
  const newAppointment = async () => idOf(await post(admin, `/api/admin/cases/${caseId}/official-appointments`, officialAppointment()));
  const officialAppointments = { change: await newAppointment(), cancel: await newAppointment() };
  // A's photo of a document, accepted, and a filing pack made of it.
  const filingRequest = await newRequest('Padrón para presentar');
  const filingDocumentId =
    (await upload(clientA, `/api/cases/${caseId}/requests/${filingRequest}/documents`, [photo('padron.jpg')])).json<{ documents: { id: string }[] }>().documents[0]?.id ?? '';
  await post(admin, `/api/admin/cases/${caseId}/requests/${filingRequest}/accept`, undefined, 200);
  const filing = { documentId: filingDocumentId, packId: idOf(await post(admin, `/api/admin/cases/${caseId}/filing-packs`, { documents: [{ documentId: filingDocumentId }] })) };

  // A's express consultation, with a question carrying a file.
  const expressId = await createPaidExpressConsultation(app, clientA);
  const expressOfB = await createPaidExpressConsultation(app, clientB);
  const asked = await upload(clientA, `/api/consultations/${expressId}/messages`, [
    { name: 'body', value: '¿Puedo pedir el arraigo?' },
    { name: 'attachments', filename: 'padron.pdf', content: sampleFiles.pdf(), contentType: 'application/pdf' },
  ]);
  const attachmentId = asked.json<{ attachments: { id: string }[] }>().attachments[0]?.id ?? '';

  // A's scheduled consultations, booked in free slots a few days on.
  const slots = (await call({ url: `/api/consultations/slots?from=${inDays(3)}&to=${inDays(30)}` }, 200)).json<{ slots: string[] }>().slots;
  const book = async (startsAt: string | undefined) => {
    if (!startsAt) throw new Error('no free slot to book');
    const checkout = await post(clientA, '/api/payments/checkout', await acceptingLetter(app, as(clientA), { service: { id: 'scheduled' }, user: clientA.user, booking: { startsAt, meetingMode: 'video' } }), 200);
    const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session') ?? '';
    await post(clientA, `/api/payments/test-checkout/${session}/pay`, undefined, 204);
    const consultations = (await call({ url: '/api/consultations', headers: as(clientA) }, 200)).json<{ id: string; scheduledAt: string | null }[]>();
    const booked = consultations.find((consultation) => consultation.scheduledAt === startsAt);
    if (!booked) throw new Error(`no consultation booked at ${startsAt}`);
    return booked.id;
  };
  const scheduled = {
    reschedule: await book(slots[0]),
    cancel: await book(slots[1]),
    firm: await book(slots[2]),
    appointment: await book(slots[3]),
    video: await book(slots[4]),
  };
  const freeSlots = { client: slots[5] ?? '', firm: slots[6] ?? '' };

  // A's payment and its invoice, and checkouts begun but not finished.
  const paymentList = (await call({ url: '/api/payments', headers: as(clientA) }, 200)).json<{ id: string; serviceId: string; invoices: { id: string }[] }[]>();
  const paid = paymentList.find((payment) => payment.serviceId === 'arraigo');
  if (!paid?.invoices[0]) throw new Error('no invoice for the paid case');
  // Another of A's invoices, to cancel as issued in error: the case's is rectified by its refund, which a cancelled invoice refuses.
  const toCancel = paymentList.find((payment) => payment.serviceId === 'express' && payment.invoices[0])?.invoices[0];
  if (!toCancel) throw new Error('no invoice for the express consultation');
  const beginCheckout = async () => {
    const checkout = await post(clientA, '/api/payments/checkout', await acceptingLetter(app, as(clientA), { service: { id: 'express' }, user: clientA.user }), 200);
    return new URL(checkout.json<{ url: string }>().url).searchParams.get('session') ?? '';
  };
  const testSessions = { view: await beginCheckout(), pay: await beginCheckout(), cancel: await beginCheckout() };

  // Translation requests: one to read, one to quote, one to delete; and six from A's address that the firm quotes.
  const newTranslationRequest = async (email: string, withDocument: boolean) =>
    idOf(
      await upload(undefined, '/api/translation-requests', [
        ...translationFields(email),
        ...(withDocument ? [{ name: 'document', filename: 'acta.pdf', content: sampleFiles.pdf(), contentType: 'application/pdf' }] : []),
      ]),
    );
  const translationRequestId = await newTranslationRequest('luc@example.com', true);
  const translationDocuments = (await call({ url: `/api/admin/translation-requests/${translationRequestId}/documents`, headers: as(admin) }, 200)).json<{ id: string }[]>();
  const translation = {
    requestId: translationRequestId,
    documentId: translationDocuments[0]?.id ?? '',
    toQuote: await newTranslationRequest('luc@example.com', false),
    remove: await newTranslationRequest('luc@example.com', true),
  };

  // A's quotes: a case quote A asked for, and translation quotes sent to A's address; C's request waiting for a price.
  const caseQuoteId = idOf(await post(clientA, '/api/quotes', { serviceId: 'renewals-appeals' }));
  await post(admin, `/api/admin/quotes/${caseQuoteId}/send`, { priceCents: 35_000, validUntil: inDays(30), message: 'Recurso de reposición.' }, 200);
  const translationQuoteIds: string[] = [];
  // One to accept, and one for each caller to decline.
  for (let index = 0; index <= actors.length; index += 1) {
    const requestId = await newTranslationRequest(clientA.user.email, false);
    translationQuoteIds.push(idOf(await post(admin, `/api/admin/translation-requests/${requestId}/quotes`, translationQuote())));
  }
  const tokenOf = await quoteTokens(clientA.user.email);
  const [acceptQuote, ...declineQuotes] = translationQuoteIds;
  const declineTokens = Object.fromEntries(actors.map((actor, index) => [actor, tokenOf(declineQuotes[index])])) as Record<Actor, string>;
  const requestedByC = idOf(await post(clientC, '/api/quotes', { serviceId: 'renewals-appeals' }));

  // What the back office works on.
  const newContact = async () => {
    await post(undefined, '/api/contact-requests', { name: 'Fatima Benali', email: 'fatima@example.com', message: 'Hola.', privacy: true });
    const page = (await call({ url: '/api/admin/contact-requests', headers: as(admin) }, 200)).json<{ items: { id: string }[] }>();
    return page.items[0]?.id ?? '';
  };
  const contact = { answer: await newContact(), remove: await newContact() };
  const newExpatriation = async () => idOf(await post(undefined, '/api/consultations/expatriation', { name: 'Luc Martin', email: 'luc@example.com', message: 'Hola.', privacy: true }));
  const expatriation = { answer: await newExpatriation(), remove: await newExpatriation() };
  const newChatMessage = async () => {
    const posted = await call(
      { method: 'POST', url: '/api/chat/messages', headers: visitorChat('anonymous'), payload: { name: 'Visitante', email: 'visitante@example.com', message: '¿Hola?' } },
      201,
    );
    return posted.json<{ entry: { id: string } }>().entry.id;
  };
  const chatMessageId = await newChatMessage();
  const chatPage = (await call({ url: '/api/admin/chat/messages', headers: as(admin) }, 200)).json<{ items: { id: string; conversationId: string }[] }>();
  const chat = { messageId: chatMessageId, conversationId: chatPage.items.find((item) => item.id === chatMessageId)?.conversationId ?? '', remove: await newChatMessage() };
  const newArticle = async () => idOf(await post(admin, '/api/admin/news', { texts: { es: { title: 'Noticia', content: 'Texto.' } }, publishedAt: '2026-01-02T10:00:00Z' }));
  const news = { id: await newArticle(), remove: await newArticle() };
  const newEvent = async () => idOf(await post(admin, '/api/admin/agenda/events', { date: inDays(45), time: null, title: 'Reunión' }));
  const removeDays = Object.fromEntries(staffRoles.map((role, index) => [role, `2031-03-${String(4 + index).padStart(2, '0')}`])) as Record<(typeof staffRoles)[number], string>;
  const agenda = { eventId: await newEvent(), removeEvent: await newEvent(), day: '2031-03-03', removeDays };
  for (const day of Object.values(removeDays)) await call({ method: 'PUT', url: `/api/admin/agenda/days/${day}`, headers: as(admin), payload: { ranges: [], note: 'Formación' } }, 200);
  const holidayToRemove = idOf(await post(admin, '/api/admin/holidays', { date: '2031-05-01', scope: 'national', name: 'Día del Trabajo' }));
  const procedures = { id: idOf(await post(admin, '/api/admin/procedures', procedureInput('Requerimiento'))), remove: idOf(await post(admin, '/api/admin/procedures', procedureInput('Antiguo'))) };
  const [failedMail] = await t.database.db
    .insert(mailOutbox)
    .values({ recipient: clientA.user.email, subject: 'Tu expediente', textBody: 'Hola.', htmlBody: '<p>Hola.</p>', status: 'failed', attempts: 5, lastAttemptAt: new Date(), lastErrorReason: 'rejected', lastError: '550 mailbox unavailable' })
    .returning();
  const services = (await call({ url: '/api/admin/services?q=nationality', headers: as(admin) }, 200)).json<{ items: AdminService[] }>();
  const nationality = services.items.find((item) => item.id === 'nationality');
  if (!nationality) throw new Error('no nationality service');
  const serviceId = nationality.id;

  const toDeactivate = await createAccount(t, { role: 'reception', firstName: 'Elena', lastName: 'Sáez' });
  await post(admin, '/api/admin/staff/invitations', { email: 'retirar@example.com', role: 'translator', language: 'es' });
  const staffOverview = (await call({ url: '/api/admin/staff', headers: as(admin) }, 200)).json<{ invitations: { id: string; email: string }[] }>();
  const invitationId = staffOverview.invitations.find((invitation) => invitation.email === 'retirar@example.com')?.id ?? '';

  // A's property purchase, opened as a paid quote opens it, with the identification A sent; B's own property purchase.
  const propertyCase = await openCase({ db: t.database.db }, { userId: clientA.user.id, serviceId: 'property-purchase' });
  const propertyOfB = await openCase({ db: t.database.db }, { userId: clientB.user.id, serviceId: 'property-purchase' });
  const sent = (await upload(clientA, `/api/cases/${propertyCase}/identification`, [...identificationFields(), pdf()])).json<{ submissions: { id: string; files: { id: string }[] }[] }>();
  const identification = { caseId: propertyCase, id: sent.submissions[0]?.id ?? '', fileId: sent.submissions[0]?.files[0]?.id ?? '', caseOfB: propertyOfB };

  const secretsOfA = [clientA.user.email, identification.id, identification.fileId, clientA.user.id, documentId, swornDocumentId, expressId, attachmentId, paid.id, paid.invoices[0].id, caseQuoteId, ...Object.values(scheduled), ...translationQuoteIds];
  return {
    accounts: { clientA, clientB, clientC, signInTarget, owner: admin, lawyer, reception, translator, accounting },
    signedOutCookie,
    otherSessionOfA,
    pendingAdminCookie,
    caseId,
    ofB: { caseId: caseOfB, expressId: expressOfB },
    identification,
    documentId,
    swornDocumentId,
    requests,
    deadlines,
    officialAppointments,
    filing,
    expressId,
    attachmentId,
    scheduled,
    freeSlots,
    paymentId: paid.id,
    invoiceId: paid.invoices[0].id,
    invoiceToCancelId: toCancel.id,
    engagement: {
      id: (await call({ url: '/api/engagements', headers: as(clientA) }, 200)).json<Array<{ id: string; caseId: number | null }>>().find((letter) => letter.caseId === caseId)?.id ?? '',
      checkout: (await acceptingLetter(app, as(clientA), { service: { id: 'nie-crue' } })).engagement,
    },
    testSessions,
    quotes: { caseQuoteId, caseQuoteToken: tokenOf(caseQuoteId), acceptQuoteId: acceptQuote ?? '', acceptToken: tokenOf(acceptQuote), declineTokens, requestedByC },
    translation,
    contact,
    expatriation,
    chat,
    news,
    agenda,
    holidayToRemove,
    procedures,
    failedMailId: failedMail?.id ?? '',
    service: { id: serviceId, input: serviceInputOf(nationality) },
    staff: { invitationId, toDeactivate: toDeactivate.user.id },
    secretsOfA,
  };
}

/** The secrets of the quote links mailed to `email`, by quote: only their hash is stored with the quote. */
async function quoteTokens(email: string): Promise<(quoteId: string | undefined) => string> {
  const mails = (await t.database.db.execute(sql`select text_body as text from mail_outbox where recipient = ${email}`)) as unknown as { rows: { text: string }[] };
  const tokens = mails.rows.flatMap((mail) => [...mail.text.matchAll(/\/presupuesto\/([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? ''));
  const quotes = (await t.database.db.execute(sql`select id, access_token_hash as hash from quotes where access_token_hash is not null`)) as unknown as { rows: { id: string; hash: string }[] };
  const byHash = new Map(tokens.map((token) => [sha256(token), token]));
  return (quoteId) => {
    const hash = quotes.rows.find((quote) => quote.id === quoteId)?.hash;
    const token = hash ? byHash.get(hash) : undefined;
    if (!token) throw new Error(`no mailed link for quote ${quoteId}`);
    return token;
  };
}
