import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { readTicketForm, type TicketImage } from './attachments/ticket-form.ts';

/** The id fields of a ticket form: digit strings in a multipart form, JSON numbers otherwise. */
const ID_FIELDS = new Set(['deptid', 'serviceid']);

/**
 * A multipart form's text as the JSON body would carry it: id fields' digit strings become numbers
 * (an empty service choice is none), so one contract schema checks both forms alike.
 */
function asJsonFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      if (!ID_FIELDS.has(name) || typeof value !== 'string') return [name, value];
      if (name === 'serviceid' && value === '') return [name, null];
      return [name, /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value];
    }),
  );
}

/**
 * Fastify stops validating at the first part that fails, so behind a multipart body the query
 * string is unchecked: the routes with both check it here.
 */
export function checkedQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** Zod's issues as the API's 422 (API.md, "Error bodies"), the first message on top. */
function invalidInput(error: z.ZodError): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  const message = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new AppError(422, message, { errors });
}

/**
 * A ticket form (JSON, or multipart with images) checked against the contract's schema. The
 * route declares the JSON schema with `attachValidation`, so the API document shows it; a JSON
 * body that failed it is refused here, and a multipart form is checked here with the same schema.
 */
export async function readTicketFields<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: { imagesAllowed: boolean },
): Promise<{ fields: z.output<S>; images: TicketImage[] }> {
  const failed = request.validationError;
  // A multipart body always fails the JSON schema; any other failure (path, JSON body) stands.
  if (failed && !(request.isMultipart() && failed.validationContext === 'body')) throw failed;
  const form = await readTicketForm(request, options);
  const parsed = schema.safeParse(request.isMultipart() ? asJsonFields(form.fields) : form.fields);
  if (!parsed.success) throw invalidInput(parsed.error);
  return { fields: parsed.data, images: form.images };
}
