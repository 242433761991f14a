import multipart from '@fastify/multipart';
import { type FastifyInstance, errorCodes } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads multipart/form-data (ticket forms with images, through readTicketForm).
     * Every other route refuses it with the 415 that any body other than JSON gets.
     */
    multipart?: boolean;
  }
}

/**
 * The multipart parser, for the routes that say `config.multipart`. It reads nothing by itself:
 * the route's handler streams the parts with per-call limits (modules/support/attachments), so an
 * upload is cut off at its limit instead of being held whole.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    // The tightest limits stand here in case a route reads parts without its own.
    limits: { fieldSize: 64 * 1024, fields: 16, fileSize: 1, files: 0, parts: 16, headerPairs: 20 },
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipart) {
      throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']);
    }
  });
}
