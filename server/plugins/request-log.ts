import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const redacted = '[redacted]';

/**
 * The address as it may be logged: query values whose name says token, and a path segment that
 * the route names `:token` (a password-reset link), are replaced, so a log reader cannot use a link.
 */
function loggedPath(url: string, routePattern: string | undefined): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);

  const patternSegments = routePattern?.split('/') ?? [];
  const shownPath = path
    .split('/')
    .map((segment, index) => (patternSegments[index] === ':token' ? redacted : segment))
    .join('/');
  if (!query) return shownPath;

  const shownQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return /token/i.test(name) ? `${name}=${redacted}` : pair;
    })
    .join('&');
  return `${shownPath}?${shownQuery}`;
}

/** A file of the built site (hashed assets, icons): a path outside /api whose last segment has an extension. */
function isStaticFile(path: string): boolean {
  return !path.startsWith('/api/') && /\.[a-z0-9]+$/i.test(path);
}

/**
 * One line per answered request instead of Fastify's two, with the method, the path (tokens
 * redacted), the status, the time and the client address. Successful static files and health
 * checks go to debug: one visit loads dozens of assets, and load balancers probe every few seconds.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0] ?? '';
    const line = {
      method: request.method,
      path: loggedPath(request.url, request.routeOptions.url),
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
