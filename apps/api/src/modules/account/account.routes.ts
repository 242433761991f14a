import { userEditRequestSchema, userEditResponseSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireMainAccount } from '../../http/policy.ts';

const tags = ['account'];

/**
 * The account page (portal spec §2 Account, §7 Account; API.md): the owner's details, the
 * caller's password, closing the account.
 */
export function accountRoutes({ account }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/user/edit',
      {
        config: { access: 'mainAccount' },
        schema: {
          tags,
          summary:
            "Saves the account's details (placeholders as empty, the phone number in international form)",
          operationId: 'editAccountDetails',
          body: userEditRequestSchema,
          response: { 200: userEditResponseSchema },
        },
      },
      (request) => account.editDetails(requireMainAccount(request), request.body),
    );
  };
}
