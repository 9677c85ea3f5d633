import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors.ts';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** PostgreSQL stores no NUL character in text: refuse it at the edge rather than fail in the database. */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.values(value).some(hasNul);
  return false;
}

/**
 * Security headers with a strict Content-Security-Policy, compressed answers, and an origin check
 * on every state-changing API request (on top of SameSite=Lax session cookies).
 */
export const securityPlugin = fp<{ appUrl: string }>(async (app, { appUrl }) => {
  const isHttps = appUrl.startsWith('https://');
  const ownOrigin = new URL(appUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const isCrossSite = origin ? origin !== ownOrigin : request.headers['sec-fetch-site'] === 'cross-site';
    if (isCrossSite) {
      request.log.warn({ origin }, 'cross-origin write refused');
      throw new AppError('forbidden');
    }
  });

  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) throw new AppError('validation');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
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
  });
  await app.register(compress, { threshold: 1024 });
});
