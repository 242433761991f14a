import { hasControlCharacters, INPUT_TEXT } from '@rackdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Input rules that hold for every route, before its own schema looks at the request:
 * - no string anywhere in the path, the query or the JSON body (keys included) carries a control
 *   character other than tab and line breaks: NUL would reach PostgreSQL, which refuses it in text,
 *   and none of them means anything in what a person types;
 * - a JSON request with an empty body is a request without a body, as for a POST that takes none
 *   (Fastify would answer 400 "Body cannot be empty").
 */
export function registerStrictInput(app: FastifyInstance) {
  // Fastify's own parser, with its guards against prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const field =
      fieldWithControlCharacters(request.params, 'params') ??
      fieldWithControlCharacters(request.query, 'query') ??
      fieldWithControlCharacters(request.body, 'body');
    done(field === undefined ? undefined : AppError.invalid(field, INPUT_TEXT.controlCharacters));
  });
}

/**
 * The dotted path of the first string (value or key) that holds a control character, or
 * undefined. Walks without recursion: a deeply nested body must not exhaust the stack.
 */
function fieldWithControlCharacters(input: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) return path || root;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (hasControlCharacters(key)) return path || root;
        pending.push([item, itemPath]);
      }
    }
  }
  return undefined;
}
