import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Answers in the upstream's own shapes: successes wrap their payload in `result` beside
 * `"message": "success"`, errors carry a `message` (and `errors` per field for validation), as a
 * Laravel application answers.
 */
export const result = (payload: unknown) => ({ result: payload, message: 'success' });

export function unauthenticated(reply: FastifyReply) {
  return reply.code(401).send({ message: 'Unauthenticated.' });
}

export function notFound(reply: FastifyReply, message = 'Server not found.') {
  return reply.code(404).send({ message });
}

/** A request the server's current state does not allow (something else is running). */
export function conflict(reply: FastifyReply, message: string) {
  return reply.code(409).send({ message });
}

export function unprocessable(reply: FastifyReply, message: string, errors: Record<string, string[]> = {}) {
  return reply.code(422).send({ message, errors });
}

/** A 422 from a failed schema parse, one entry per field. */
export function invalidInput(reply: FastifyReply, error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return unprocessable(reply, first, errors);
}
