import { idParam, OperatorText, operatorRetryResponseSchema } from '@rackdesk/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';
import { callerOf } from '../../http/caller.ts';

/** Another try at a paid service's setup that gave up ('Setup Failed' on its page), by support staff. */
export function operatorProvisioningRoutes({ provisioning }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/operator/services/:id/provisioning/retry',
      {
        config: {
          access: 'operator',
          answers: {
            404: `The service was never ordered through provisioning: '${OperatorText.serviceNotFound}'`,
            409: `Its setup is waiting, running or done, not failed: '${OperatorText.nothingToRetry}'`,
          },
        },
        schema: {
          tags: ['operator'],
          summary: "Queues a failed setup again, from scratch; the service's page follows it",
          operationId: 'operatorRetryProvisioning',
          params: z.strictObject({ id: idParam(OperatorText.serviceNotFound) }),
          response: { 200: operatorRetryResponseSchema },
        },
      },
      async (request) => {
        callerOf(request);
        const serviceId = request.params.id;
        if (!(await provisioning.statusOf(serviceId))) throw AppError.notFound(OperatorText.serviceNotFound);
        if (!(await provisioning.retry(serviceId))) throw new AppError(409, OperatorText.nothingToRetry);
        return { result: 'success' as const, message: OperatorText.retryQueued };
      },
    );
  };
}
