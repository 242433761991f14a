import { idParam, SupportText, TICKET_IMAGE_NAME, ticketPathSchema } from '@rackdesk/contract';
import { z } from 'zod';

/**
 * Path of an image of a reply: `…/{tid}/reply/{replyid}/image/{name}` (a generated name only). The
 * reply id is bounded like every id: ten digits past the largest integer column would fail in the
 * database instead.
 */
export const imagePathSchema = ticketPathSchema.extend({
  replyid: idParam(SupportText.imageNotFound),
  name: z.string().regex(TICKET_IMAGE_NAME, SupportText.imageNotFound),
});

/** The image route's answer in the API document: the bytes of the detected type. */
export const imageResponseSchema = z
  .any()
  .meta({ type: 'string', format: 'binary', description: 'The image.' });
export const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** When images are kept in an S3-compatible bucket, a failing bucket is an upstream's failure. */
export const imageReadAnswers = {
  502: 'The image store (an S3-compatible bucket) failed; the message can be shown as it is.',
  504: 'The image store (an S3-compatible bucket) did not answer in time.',
};

export const imageDescription =
  'Answers the detected image type with `X-Content-Type-Options: nosniff`, `Content-Disposition: inline` and a sandboxing `Content-Security-Policy`.';
