import type { ErrorBody } from '@rackdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * An error a service throws on purpose: its status, message and optional code reach the client
 * as the error body of API.md. Anything else is a fault and answers 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Omit<ErrorBody, 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static unauthenticated(message = 'Unauthenticated.') {
    return new AppError(401, message);
  }
  static forbidden(message: string, error?: string, extra: Omit<ErrorBody, 'message' | 'error'> = {}) {
    return new AppError(403, message, { ...(error ? { error } : {}), ...extra });
  }
  static notFound(message = 'Not found.') {
    return new AppError(404, message);
  }
  /** A rule violation on one field, answered like a schema validation error. */
  static invalid(field: string, message: string) {
    return new AppError(422, message, { errors: { [field]: [message] } });
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError(
      429,
      message,
      {},
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    );
  }
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // 5xx AppErrors are upstream failures: keep their detail in the log, not in the answer.
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      reply.headers(error.headers);
      return reply.code(error.statusCode).send({ message: error.message, ...error.body } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || fieldOfRootIssue(issue);
        const message =
          field === '_' && error.validationContext === 'body'
            ? 'The request body must be a JSON object.'
            : (issue.message ?? 'Invalid value.');
        errors[field] = [...(errors[field] ?? []), message];
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.code(422).send({ message: first, errors } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ message: 'Too many attempts, please try again later.' } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      return reply.code(status).send({ message: clientErrorMessage(error) } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'An internal error occurred. Please try again later.' } satisfies ErrorBody);
  });
}

function fieldOfRootIssue(issue: { params?: Record<string, unknown> }): string {
  const missing = issue.params?.missingProperty;
  return typeof missing === 'string' ? missing : '_';
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message || 'Bad request.';
  }
}
