import { z } from 'zod';

export * from './error-codes.ts';

/** Every error answer of the API has this shape (the API document's `ErrorBody`). */
export const errorBodySchema = z.object({
  message: z.string().describe('What went wrong, in words the page can show as they are.'),
  error: z
    .string()
    .optional()
    .describe(
      'A stable code for the client to act on, such as `permission_required` (403) or `upstream_error` (502).',
    ),
  required_permission: z
    .string()
    .optional()
    .describe('With `permission_required`: the sub-account permission the call needs.'),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe('With 422: the messages per field (nested fields joined with dots).'),
  orderid: z
    .number()
    .int()
    .optional()
    .describe('With `fraud_check_failed` (400): the order, written and held for a manual review.'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
