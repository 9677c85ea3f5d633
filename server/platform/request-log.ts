import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggedAddress } from './logged-address.ts';

/** A file of the built site (hashed assets, icons): a path outside /api whose last segment has an extension. */
function isStaticFile(path: string): boolean {
  return !path.startsWith('/api/') && /\.[a-z0-9]+$/i.test(path);
}

/**
 * One line per answered request instead of Fastify's two, with the method, the path (the secrets
 * its route or page carries replaced: logged-address.ts), the status, the time and the client address. Successful static files and health
 * checks go to debug: one visit loads dozens of assets, and load balancers probe every few seconds.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0] ?? '';
    const line = {
      method: request.method,
      path: loggedAddress(request.url, { pattern: request.routeOptions.url, secrets: request.routeOptions.config?.addressSecrets }),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error || reply.statusCode >= 500) {
      reply.log.error(error ? { ...line, err: error } : line, 'request failed');
    } else if (reply.statusCode < 400 && (path === '/healthz' || isStaticFile(path))) {
      reply.log.debug(line, 'request');
    } else {
      reply.log.info(line, 'request');
    }
  }
}
