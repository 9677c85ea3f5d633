import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorBody, type ErrorCode, type FieldIssue } from '#common/errors.ts';
import { AppError } from '#server/platform/app-error.ts';
import { languageFromHeader } from '#common/i18n/languages.ts';
import { hasTranslation, translator } from '#server/platform/translator.ts';

const codeForStatus: Partial<Record<number, ErrorCode>> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
};

export function sendError(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, issues?: FieldIssue[]) {
  const body: ErrorBody = { code, message: request.t(`errors:${code}`) };
  if (issues) body.issues = issues;
  return reply.status(errorStatus[code]).type('application/json').send(body);
}

/** Contract messages are catalog keys (`validation:required`); anything else gets the generic text. */
function translateIssue(request: FastifyRequest, message: string): string {
  return hasTranslation(message) ? request.t(message) : request.t('validation:invalid');
}

/**
 * What the router refuses before any hook runs (an escape that decodes to nothing, a path parameter
 * over its length): the translated 400 of any invalid input, in the language the browser asks for.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.language = languageFromHeader(request.headers['accept-language']);
  request.t = translator(request.language);
  return sendError(reply, request, 'validation');
}

/** One error model: AppError and client mistakes become translated 4xx; the rest is logged and hidden. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: request.t(error.messageKey, error.values) };
      return reply.status(errorStatus[error.code]).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: translateIssue(request, issue.message ?? ''),
      }));
      return sendError(reply, request, 'validation', issues);
    }
    const status = error.statusCode ?? 500;
    const code = status < 500 ? (codeForStatus[status] ?? 'validation') : undefined;
    if (code) return sendError(reply, request, code);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 'internal');
  });
});
