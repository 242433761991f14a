import {
  ErrorCode,
  messageResponseSchema,
  subAccountCreateRequestSchema,
  subAccountIdParamsSchema,
  subAccountListResponseSchema,
  subAccountResponseSchema,
  SubAccountText,
  subAccountUpdateRequestSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMetaOf } from '../../http/client-meta.ts';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';
import { refusedFor } from '../../http/route-answers.ts';
import { SubAccountsService } from './sub-accounts.service.ts';

const tags = ['sub-accounts'];
const notFound = { 404: "No such sub-account of this account (another owner's is a 404 too)." };

/**
 * Sub-accounts (portal spec §7 `GET/POST sub-accounts`, `PUT/DELETE sub-accounts/{id}`): the
 * owner manages them from a signed-in session.
 */
export function subAccountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const subAccounts = new SubAccountsService(ctx.database);

    app.get(
      '/sub-accounts',
      {
        config: { access: 'ownerSession' },
        schema: {
          tags,
          summary: "Lists the account's sub-accounts",
          operationId: 'listSubAccounts',
          response: { 200: subAccountListResponseSchema },
        },
      },
      async (request) => ({ sub_accounts: await subAccounts.list(callerOf(request)) }),
    );

    app.post(
      '/sub-accounts',
      {
        config: {
          access: 'ownerSession',
          answers: {
            403: refusedFor(
              ErrorCode.mainAccountOnly,
              ErrorCode.sessionRequired,
              [ErrorCode.emailUnverified, "the owner's e-mail address is not verified yet"],
              ErrorCode.accountClosed,
            ),
          },
        },
        schema: {
          tags,
          summary: 'Creates a sub-account, which signs in with its own e-mail and password',
          description:
            "Only an owner with a verified e-mail address creates sub-accounts. The e-mail must be new to the panel (422 on `email`); `service_whitelist` null means every service, a list holds only the account's services.",
          operationId: 'createSubAccount',
          body: subAccountCreateRequestSchema,
          response: { 201: subAccountResponseSchema },
        },
      },
      async (request, reply) => {
        const subAccount = await subAccounts.create(callerOf(request), request.body, clientMetaOf(request));
        return reply.code(201).send({ message: SubAccountText.created, sub_account: subAccount });
      },
    );

    app.put(
      '/sub-accounts/:id',
      {
        config: { access: 'ownerSession', answers: notFound },
        schema: {
          tags,
          summary: "Changes a sub-account; it applies from the sub-account's next request",
          description:
            'Every field is sent; an empty or absent `password` keeps the current one, and a new one ends the sub-account’s sessions.',
          operationId: 'updateSubAccount',
          params: subAccountIdParamsSchema,
          body: subAccountUpdateRequestSchema,
          response: { 200: subAccountResponseSchema },
        },
      },
      async (request) => {
        const auth = callerOf(request);
        const subAccount = await subAccounts.update(
          auth,
          request.params.id,
          request.body,
          clientMetaOf(request),
        );
        return { message: SubAccountText.updated, sub_account: subAccount };
      },
    );

    app.delete(
      '/sub-accounts/:id',
      {
        config: { access: 'ownerSession', answers: notFound },
        schema: {
          tags,
          summary: 'Deletes a sub-account and ends its sessions at once',
          operationId: 'deleteSubAccount',
          params: subAccountIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await subAccounts.remove(callerOf(request), request.params.id, clientMetaOf(request));
        return { message: SubAccountText.deleted };
      },
    );
  };
}
