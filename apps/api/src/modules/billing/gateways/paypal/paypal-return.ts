import type { FastifyInstance } from 'fastify';

/**
 * PayPal returns the buyer to the invoice page by POST when the form says rm=2 (portal spec §7
 * fixes rm=2), carrying the payment variables. The page is the web app's, served by GET: answer
 * the POST with a redirect to the same address. Nothing in the posted variables is read — the
 * IPN, verified with PayPal, is what records a payment.
 */
export async function registerPaypalReturn(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );
  app.post(
    '/invoices/:id',
    { schema: { hide: true }, config: { access: 'public' } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      if (!/^\d{1,10}$/.test(id) || !/^(\?[\w=&%.-]*)?$/.test(query))
        return reply.code(404).send({ message: 'Not found.' });
      return reply.redirect(`/invoices/${id}${query}`, 303);
    },
  );
}
