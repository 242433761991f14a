import type { FastifyReply } from 'fastify';

// Stands in for the attachments module's sendImage until it lands.
export function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }): FastifyReply {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(image.bytes);
}
