import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

export function captchaRoutes({ captcha }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/captcha/challenge', { schema: { tags: ['auth'] } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    });
  };
}
