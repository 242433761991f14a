import { TICKET_IMAGE_NAME } from '@rackdesk/contract';
import type { FastifyReply } from 'fastify';

/**
 * Answers with a stored ticket image so that it can only ever be an image: the type detected at
 * upload (never the uploader's claim), no sniffing, a CSP that runs nothing and sandboxes the
 * document if it is opened on its own, no embedding by other sites, and no copy kept in a cache
 * (it is the account's data, as every API answer).
 */
export function sendImage(
  reply: FastifyReply,
  image: { contentType: string; bytes: Buffer; name?: string },
): FastifyReply {
  // Only a generated name goes into the header: nothing a client typed can reach it.
  const disposition =
    image.name && TICKET_IMAGE_NAME.test(image.name) ? `inline; filename="${image.name}"` : 'inline';
  return reply
    .header('content-type', image.contentType)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(image.bytes);
}
