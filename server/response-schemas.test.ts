import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { routeWithoutResponseSchema } from '../scripts/lint-fixtures/route-without-response-schema.ts';

/**
 * Every route that answers JSON declares its response schema, so no database row leaves unshaped
 * (docs/architecture.md). The routes below answer no JSON, each named with what it answers; the
 * list must stay exact, like the authorization matrix: a route that gains a schema or goes leaves it.
 */
const answersNoJson: Record<string, 'no content (204)' | 'a file' | 'an event stream' | 'a redirect' | 'text' | 'a page'> = {
  'GET /robots.txt': 'text',
  'GET /sitemap.xml': 'text',
  'GET /manifest.webmanifest': 'a file',
  'GET /offline/:language': 'a page',
  'POST /api/notifications/push/subscriptions': 'no content (204)',
  'POST /api/notifications/push/unsubscribe': 'no content (204)',
  'POST /formulario-sin-javascript': 'a page',
  'POST /en/formulario-sin-javascript': 'a page',
  'POST /fr/formulario-sin-javascript': 'a page',
  'GET /api/notifications/unsubscribe': 'a page',
  'POST /api/notifications/unsubscribe': 'a page',
  'POST /api/notifications/resubscribe': 'a page',
  'GET /api/auth/verify-email': 'a redirect',
  'GET /api/auth/reset-password/:token': 'a redirect',
  'GET /api/profile/export': 'a file',
  'GET /api/invoices/:id/pdf': 'a file',
  'GET /api/engagements/:id/pdf': 'a file',
  'GET /api/admin/billing-records': 'a file',
  'GET /api/admin/verifactu-events': 'a file',
  'GET /api/cases/:id/documents/:documentId': 'a file',
  'GET /api/admin/cases/:id/documents/:documentId': 'a file',
  'GET /api/admin/filing-packs/:id/files/:number': 'a file',
  'GET /api/admin/cases/:id/questionnaire/data-sheet': 'a file',
  'GET /api/cases/:id/identification/:identificationId/files/:fileId': 'a file',
  'GET /api/admin/cases/:id/identification/:identificationId/files/:fileId': 'a file',
  'GET /api/consultations/:id/attachments/:attachmentId': 'a file',
  'GET /api/consultations/:id/calendar': 'a file',
  'GET /api/admin/consultations/:id/attachments/:attachmentId': 'a file',
  'GET /api/admin/translation-requests/:id/documents/:documentId': 'a file',
  'GET /api/cases/stream': 'an event stream',
  'GET /api/chat/stream': 'an event stream',
  'GET /api/admin/chat/stream': 'an event stream',
  'POST /api/account/sign-out': 'no content (204)',
  'POST /api/account/two-factor/confirm': 'no content (204)',
  'POST /api/account/two-factor/disable': 'no content (204)',
  'DELETE /api/account/sessions/:id': 'no content (204)',
  'POST /api/account/sessions/end-others': 'no content (204)',
  'DELETE /api/profile': 'no content (204)',
  'POST /api/consultations/:id/reschedule': 'no content (204)',
  'POST /api/consultations/:id/cancel': 'no content (204)',
  'PATCH /api/admin/consultations/:id': 'no content (204)',
  'DELETE /api/admin/consultations/:id': 'no content (204)',
  'PUT /api/admin/consultations/:id/answer': 'no content (204)',
  'PUT /api/admin/consultations/:id/appointment': 'no content (204)',
  'PUT /api/admin/consultations/:id/video-link': 'no content (204)',
  'POST /api/payments/test-checkout/:sessionId/pay': 'no content (204)',
  'POST /api/payments/test-checkout/:sessionId/cancel': 'no content (204)',
  'PUT /api/cases/:id/seen': 'no content (204)',
  'PUT /api/admin/cases/:id/seen': 'no content (204)',
  'DELETE /api/admin/cases/:id/requests/:requestId': 'no content (204)',
  'DELETE /api/admin/agenda/events/:id': 'no content (204)',
  'DELETE /api/admin/agenda/days/:date': 'no content (204)',
  'DELETE /api/admin/contact-requests/:id': 'no content (204)',
  'DELETE /api/admin/translation-requests/:id': 'no content (204)',
  'PUT /api/admin/clients/:id/role': 'no content (204)',
  'DELETE /api/admin/staff/invitations/:id': 'no content (204)',
  'PUT /api/admin/staff/:id/role': 'no content (204)',
  'DELETE /api/admin/chat/messages/:id': 'no content (204)',
  'POST /api/admin/failed-mails/:id/resend': 'no content (204)',
  'DELETE /api/admin/deadlines/:id': 'no content (204)',
  'DELETE /api/admin/official-appointments/:id': 'no content (204)',
  'DELETE /api/admin/holidays/:id': 'no content (204)',
  'DELETE /api/admin/news/:id': 'no content (204)',
  'DELETE /api/admin/procedures/:id': 'no content (204)',
};

/** Each method and path of these routes that declares no response schema (HEAD is Fastify's copy of a GET). */
function withoutResponseSchema(routes: RouteOptions[]): string[] {
  return routes
    .filter((route) => !(route.schema as { response?: unknown } | undefined)?.response)
    .flatMap((route) => [route.method].flat().filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`));
}

/** The routes that answer JSON without a response schema: those without one, but the ones named above. */
const unshaped = (routes: RouteOptions[]) => withoutResponseSchema(routes).filter((route) => !(route in answersNoJson));

describe('response schemas', () => {
  const routes: RouteOptions[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ onRoute: (route) => routes.push(route) });
  }, 120_000);
  afterAll(() => t?.close());

  it('every route that answers JSON declares one', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(unshaped(routes)).toEqual([]);
  });

  it('the routes named as answering no JSON are exactly the app’s routes without one', () => {
    expect(Object.keys(answersNoJson).filter((route) => !withoutResponseSchema(routes).includes(route))).toEqual([]);
  });

  it('refuse a route that answers JSON without one (scripts/lint-fixtures/route-without-response-schema.ts)', async () => {
    const fixtureRoutes: RouteOptions[] = [];
    const app = Fastify();
    app.addHook('onRoute', (route) => {
      fixtureRoutes.push(route);
    });
    await app.register(routeWithoutResponseSchema);
    await app.ready();
    expect(unshaped(fixtureRoutes)).toEqual(['GET /api/news/latest-rows']);
    await app.close();
  });
});
