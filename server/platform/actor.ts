import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/platform/app-error.ts';

/** Who acts in a request: the signed-in account, and the client address it acts from (as TRUST_PROXY decides). */
export type Actor = SessionUser & { ip: string };

/**
 * The account a route behind requireUser or requireStaff acts for: the one way routes know who
 * asks, handed to services as a plain value.
 */
export function actor(request: FastifyRequest): Actor {
  if (!request.user) throw new AppError('unauthenticated');
  return { ...request.user, ip: request.ip };
}
