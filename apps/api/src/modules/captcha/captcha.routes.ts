import { captchaChallengeSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

export function captchaRoutes({ captcha }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/captcha/challenge',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Gives a proof-of-work captcha challenge; its solution travels as captchaToken',
          operationId: 'getCaptchaChallenge',
          response: { 200: captchaChallengeSchema },
        },
      },
      () => captcha.challenge(),
    );
  };
}
