import compress from '@fastify/compress';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { AppError } from '#server/platform/app-error.ts';
import { inlineScriptHashes } from './shell.ts';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Deeper than any form of the site nests its fields: a body beyond it is refused before anything walks it. */
export const maxInputDepth = 32;

/** Half of a UTF-16 pair without its other half: no character at all, which PostgreSQL cannot store either. */
const loneSurrogate = /\p{Cs}/u;

/**
 * Whether `value` holds a NUL character or a lone surrogate (PostgreSQL stores neither in text:
 * refused at the edge rather than failed in the database) or nests deeper than maxInputDepth.
 * Walked with a list, not recursion, so no body can exhaust the stack.
 */
export function isUnacceptableInput(value: unknown): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000') || loneSurrogate.test(item.value)) return true;
    } else if (item.value && typeof item.value === 'object') {
      if (item.depth >= maxInputDepth) return true;
      for (const child of Object.values(item.value)) pending.push({ value: child, depth: item.depth + 1 });
    }
  }
  return false;
}

/**
 * The camera for the site's own pages only (a client photographs a document in the panel, and the
 * browser asks them first); no microphone, place or payment API: a script slipped in gets none.
 */
export const permissionsPolicy = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The headers of every answer: helmet's, with a strict Content-Security-Policy, and a
 * Permissions-Policy. Set on the raw answer, so a live stream (which takes the answer over) keeps
 * them, and so can an answer made before any hook runs: the router's refusal of an address it
 * cannot read (app.ts).
 */
export function securityHeaders(appUrl: string): (request: IncomingMessage, response: ServerResponse, done: () => void) => void {
  const isHttps = new URL(appUrl).protocol === 'https:';
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The inline scripts: the stored language's redirect and the presses held until the page answers,
        // before the first paint, and a rendered page's script loader, after it (shell.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes],
        // Radix's scroll lock injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the pages a client photographs, shown as thumbnails before they are sent (the panel's camera dialog).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps,
    crossOriginEmbedderPolicy: false,
    // Not 'no-referrer': under it a form posted by the browser itself (no script) says its Origin is
    // 'null', which the origin check must refuse. No other site is told where a visitor came from.
    referrerPolicy: { policy: 'same-origin' },
  });
  return (request, response, done) => {
    response.setHeader('permissions-policy', permissionsPolicy);
    helmetHeaders(request, response, () => done());
  };
}

/**
 * Security headers with a strict Content-Security-Policy, compressed answers, and an origin check
 * on every state-changing request (on top of SameSite=Lax session cookies). With `isOneHost`, a
 * page asked for under another name (the server's IP, www. or not) is sent to APP_URL's, where
 * the session cookie lives and the origin check passes.
 */
export const securityPlugin = fp<{ appUrl: string; isOneHost: boolean }>(async (app, { appUrl, isOneHost }) => {
  const site = new URL(appUrl);

  /** Compared as URLs, so case and a spelled-out default port ('example.com:443') make no difference. */
  function isSiteHost(host: string): boolean {
    try {
      return new URL(`${site.protocol}//${host}`).host === site.host;
    } catch {
      return false;
    }
  }

  // First of the hooks, so its headers are on every answer, also a refusal or a redirect made by the hooks below.
  const setSecurityHeaders = securityHeaders(appUrl);
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, done));

  app.addHook('onRequest', async (request, reply) => {
    if (stateChanging.has(request.method)) {
      // Every path, not only /api/: the router decodes '/%61pi/…' to an API route.
      const origin = request.headers.origin;
      const isCrossSite = origin ? origin !== site.origin : request.headers['sec-fetch-site'] === 'cross-site';
      if (isCrossSite) {
        request.log.warn({ origin }, 'cross-origin write refused');
        throw new AppError('foreignOrigin', 'errors:foreignOrigin', {}, { appUrl: site.origin });
      }
      return;
    }
    // Load balancers check /healthz by the instance's address.
    if (!isOneHost || request.routeOptions.url === '/healthz') return;
    if ((request.method === 'GET' || request.method === 'HEAD') && !isSiteHost(request.host)) {
      // An absolute-form target ('GET http://elsewhere/ HTTP/1.1') must not choose where the visitor goes.
      const target = request.url.startsWith('/') ? request.url : '/';
      return reply.redirect(`${site.origin}${target}`, 308);
    }
  });

  // No cache keeps an answer unless the route that made it says how (the built files, the pages,
  // robots.txt): whatever the path's spelling, an API answer, which is about one person or is the
  // firm's back office, a refusal or a redirect is kept nowhere.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.addHook('preValidation', async (request) => {
    if (isUnacceptableInput(request.params) || isUnacceptableInput(request.query) || isUnacceptableInput(request.body)) throw new AppError('validation');
  });

  await app.register(compress, { threshold: 1024 });
});
