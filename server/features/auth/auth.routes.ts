import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailRequestSchema,
  registrationSchema,
  resetPasswordLinkParamsSchema,
  resetPasswordLinkQuerySchema,
  resetPasswordSchema,
  sessionSchema,
  sessionUserSchema,
  signInSchema,
  undoEmailChangeSchema,
  undoneEmailChangeSchema,
  verifyEmailLinkSchema,
} from '#common/auth/auth.contract.ts';
import { signInResultSchema, twoFactorCodeInputSchema } from '#common/auth/two-factor.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import { resolveAuthSecret } from '#server/config/secret.ts';
import { authLimits } from './auth.limits.ts';
import type { AuthMails } from './auth.mails.ts';
import { authRequest } from './auth.service.ts';
import * as service from './auth.service.ts';
import { completeSignIn } from './two-factor.service.ts';
import { emailChangeOf, followEmailChangeLink, undoEmailChange, type EmailChangeDeps } from './email-change.service.ts';
import { betterAuthHeaders, type BetterAuth } from './better-auth.ts';
import { browserMarks, confirmedEmailOf } from './browser-marks.ts';

const accepted = z.object({ status: z.literal('accepted') });

/** Better Auth sets and clears the session cookie through these. */
function sendCookies(reply: FastifyReply, cookies: string[]) {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** What the auth module (auth.module.ts) built once for these routes. */
export type AuthRoutesDeps = { auth: BetterAuth; mails: AuthMails };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (app, { auth, mails }) => {
  // With the request's logger, so what the service logs (sign-ins) carries the request's id.
  const deps = (request: FastifyRequest): service.AuthDeps => ({ auth, db: app.db, log: request.log });
  const emailChangeDeps = (request: FastifyRequest): EmailChangeDeps => ({ ...deps(request), mails, appUrl: app.config.appUrl });
  const marks = browserMarks({ secret: resolveAuthSecret(app.config), isSecure: app.config.appUrl.startsWith('https://') });
  const markConfirmingBrowser = (reply: FastifyReply, email: string) => reply.header('set-cookie', marks.confirming.cookie(email));
  /**
   * Counted per client address and, once the body is valid, per e-mail address; a browser that
   * signed in to that account before is not counted against it, so a guesser cannot lock its owner out.
   */
  const limited = (perIp: RateLimitRule, perAccount?: RateLimitRule) => async (request: FastifyRequest) => {
    await app.enforceRateLimit(request, perIp, [request.ip]);
    const { email } = request.body as { email: string };
    if (perAccount && !marks.known.isOn(email, request.headers.cookie)) await app.enforceRateLimit(request, perAccount, [email]);
  };

  app.post(
    '/api/account/register',
    { schema: { body: registrationSchema, response: { 202: accepted } }, preHandler: limited(authLimits.signUpPerIp, authLimits.signUpPerAccount) },
    async (request, reply) => {
      await service.register(deps(request), authRequest(request), request.body);
      markConfirmingBrowser(reply, request.body.email);
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/api/account/sign-in',
    {
      schema: { body: signInSchema, response: { 200: signInResultSchema } },
      preHandler: limited(authLimits.signInPerIp, authLimits.signInPerAccount),
    },
    async (request, reply) => {
      const { outcome, cookies } = await service.signIn(deps(request), authRequest(request), request.body);
      sendCookies(reply, [...cookies, marks.known.cookie(request.body.email)]);
      request.user = null;
      return outcome;
    },
  );

  /** The second step for an account with a second factor: the two-factor cookie of the first step names the account. */
  app.post(
    '/api/account/sign-in/second-factor',
    {
      schema: { body: twoFactorCodeInputSchema, response: { 200: z.object({ user: sessionUserSchema }) } },
      preHandler: app.rateLimitPerIp(authLimits.secondFactorPerIp),
    },
    async (request, reply) => {
      const { user, cookies } = await completeSignIn(deps(request), authRequest(request), request.body.code);
      sendCookies(reply, cookies);
      request.user = null;
      return { user };
    },
  );

  app.post('/api/account/sign-out', async (request, reply) => {
    sendCookies(reply, await service.signOut(deps(request), authRequest(request)));
    return reply.status(204).send();
  });

  app.get('/api/account/session', { schema: { response: { 200: sessionSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: await request.sessionUser() };
  });

  app.post(
    '/api/account/confirmation/resend',
    { schema: { body: emailRequestSchema, response: { 202: accepted } }, preHandler: limited(authLimits.mailPerIp, authLimits.mailPerAccount) },
    async (request, reply) => {
      await service.resendConfirmation(deps(request), authRequest(request), request.body);
      markConfirmingBrowser(reply, request.body.email);
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/api/account/password/forgot',
    { schema: { body: emailRequestSchema, response: { 202: accepted } }, preHandler: limited(authLimits.mailPerIp, authLimits.mailPerAccount) },
    async (request, reply) => {
      service.answerPasswordResetRequest(deps(request), authRequest(request), request.body);
      return reply.status(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/api/account/password/reset',
    {
      schema: { body: resetPasswordSchema, response: { 200: z.object({ status: z.literal('updated') }) } },
      preHandler: limited(authLimits.resetPerIp),
    },
    async (request) => {
      await service.resetPassword(deps(request), request.body);
      return { status: 'updated' as const };
    },
  );

  app.post(
    '/api/account/email-change/undo',
    { schema: { body: undoEmailChangeSchema, response: { 200: undoneEmailChangeSchema } }, preHandler: limited(authLimits.resetPerIp) },
    (request) => undoEmailChange(deps(request), authRequest(request), request.body),
  );

  /** Better Auth's own endpoints that mail links lead to (confirm an e-mail, open a reset link). */
  const passToBetterAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = betterAuthHeaders(request);
    const url = new URL(request.url, app.config.appUrl);
    const token = url.searchParams.get('token');
    const follow = () => auth.handler(new Request(url, { method: 'GET', headers }));
    // A new e-mail's confirmation: the old address is told once the account has moved.
    const emailChange = emailChangeOf(token);
    const response = emailChange ? await followEmailChangeLink(emailChangeDeps(request), emailChange, request.ip, follow) : await follow();
    if (!response) return reply.redirect('/perfil?error=INVALID_TOKEN', 302);
    // Better Auth's own refusals are in English: a link it cannot use gets the site's translated answer.
    if (response.status >= 400 && response.status < 500) throw new AppError('invalidToken');
    const cookies = response.headers.getSetCookie();
    const confirmedEmail = confirmedEmailOf(token);
    if (confirmedEmail && cookies.length > 0 && !marks.confirming.isOn(confirmedEmail, request.headers.cookie)) {
      // Confirmed, but opened in a browser that did not register: it signs in by itself.
      await service.discardNewSession(deps(request), cookies);
      return reply.redirect('/acceder?confirmado=1', 302);
    }
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(await response.text());
  };
  app.get('/api/auth/verify-email', { schema: { querystring: verifyEmailLinkSchema }, config: { addressSecrets: { query: ['token'] } } }, passToBetterAuth);
  app.get(
    '/api/auth/reset-password/:token',
    { schema: { params: resetPasswordLinkParamsSchema, querystring: resetPasswordLinkQuerySchema }, config: { addressSecrets: { params: ['token'] } } },
    passToBetterAuth,
  );
};
