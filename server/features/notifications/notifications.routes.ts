import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationPreferencesSchema, pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema, unsubscribeQuerySchema } from '#common/notifications/notifications.contract.ts';
import { actor } from '#server/platform/actor.ts';
import {
  notificationPreferences,
  resubscribe,
  saveNotificationPreferences,
  subscribeToPush,
  unsubscribe,
  unsubscribeFromPush,
  unsubscribeLink,
  type NotificationsDeps,
} from './notifications.service.ts';
import { unsubscribeActions, unsubscribePage, type UnsubscribeStep } from './unsubscribe-page.ts';

/** What a mail provider's one-click POST (RFC 8058) or the page's form sends; read, never kept. */
const linkContentTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The client's choices on /perfil, behind their session. */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod<NotificationsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/api/notifications/preferences', { schema: { response: { 200: notificationPreferencesSchema } } }, (request) => notificationPreferences(deps, actor(request).id));

  app.put('/api/notifications/preferences', { schema: { body: notificationPreferencesSchema, response: { 200: notificationPreferencesSchema } } }, (request) =>
    saveNotificationPreferences(deps, actor(request).id, request.body),
  );
};

/** This browser's notifications (Web Push, ADR 059), behind the session: the key to subscribe with, and the subscription kept or forgotten. */
export const pushSubscriptionRoutes: FastifyPluginAsyncZod<Pick<NotificationsDeps, 'db'> & { publicKey: string; pushServiceHosts: readonly string[] }> = async (app, deps) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/api/notifications/push/key', { schema: { response: { 200: pushKeySchema } } }, () => ({ publicKey: deps.publicKey }));

  app.post('/api/notifications/push/subscriptions', { schema: { body: pushSubscriptionSchema } }, async (request, reply) => {
    await subscribeToPush(deps, actor(request).id, request.body);
    return reply.code(204).send();
  });

  app.post('/api/notifications/push/unsubscribe', { schema: { body: pushUnsubscribeSchema } }, async (request, reply) => {
    await unsubscribeFromPush(deps, actor(request).id, request.body.endpoint);
    return reply.code(204).send();
  });
};

/**
 * A mail's unsubscribe link, without a session: its signed token is the only key (ADR 055). GET
 * shows the page and changes nothing (mail scanners open links); POST, the mail provider's one
 * click (body `List-Unsubscribe=One-Click`) or the page's button, turns the kinds off and answers
 * the page that says so, with the way back.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<NotificationsDeps> = async (app, deps) => {
  // Only what a one click or a form sends; anything else is refused as by every route (415, 413).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(linkContentTypes, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
  const page = (reply: FastifyReply, step: UnsubscribeStep, target: Awaited<ReturnType<typeof unsubscribeLink>>, token: string) =>
    reply.type('text/html; charset=utf-8').send(unsubscribePage({ step, language: target.language, kinds: target.kinds, token, firm: app.config.firm }));

  app.get(unsubscribeActions.unsubscribe, { schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) =>
    page(reply, 'ask', await unsubscribeLink(deps, request.query.token), request.query.token),
  );
  app.post(unsubscribeActions.unsubscribe, { schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) =>
    page(reply, 'done', await unsubscribe(deps, request.query.token), request.query.token),
  );
  app.post(unsubscribeActions.resubscribe, { schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) =>
    page(reply, 'resubscribed', await resubscribe(deps, request.query.token), request.query.token),
  );
};
