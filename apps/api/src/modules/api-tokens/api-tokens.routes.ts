import {
  apiTokenCreateRequestSchema,
  apiTokenCreateResponseSchema,
  apiTokenIdParamsSchema,
  apiTokenListResponseSchema,
  ApiTokenText,
  messageResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMetaOf } from '../../http/client-meta.ts';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';

const tags = ['api-tokens'];

/**
 * API tokens (portal spec §7 `GET/POST api-tokens`, `DELETE api-tokens/{id}`): the owner manages
 * them from a signed-in session; a token can never create or delete tokens.
 */
export function apiTokensRoutes({ apiTokens }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api-tokens',
      {
        config: { access: 'ownerSession' },
        schema: {
          tags,
          summary: "Lists the account's API tokens that are not deleted, newest first",
          operationId: 'listApiTokens',
          response: { 200: apiTokenListResponseSchema },
        },
      },
      async (request) => ({ tokens: await apiTokens.list(callerOf(request)) }),
    );

    app.post(
      '/api-tokens',
      {
        config: {
          access: 'ownerSession',
          answers: { 409: 'The account already holds as many live API tokens as it may.' },
        },
        schema: {
          tags,
          summary: 'Creates an API token and shows it once',
          description:
            'The token (`rdk_` and 43 more characters) is in `token`, once: only a hash is kept. Send it as `Authorization: Bearer <token>`; it acts as the owner. A `read` token may only read.',
          operationId: 'createApiToken',
          body: apiTokenCreateRequestSchema,
          response: { 201: apiTokenCreateResponseSchema },
        },
      },
      async (request, reply) => {
        const { token, apiToken } = await apiTokens.create(
          callerOf(request),
          request.body,
          clientMetaOf(request),
        );
        return reply.code(201).send({ message: ApiTokenText.created, token, api_token: apiToken });
      },
    );

    app.delete(
      '/api-tokens/:id',
      {
        config: { access: 'ownerSession', answers: { 404: 'No such API token on this account.' } },
        schema: {
          tags,
          summary: 'Deletes an API token: it stops working at once',
          operationId: 'deleteApiToken',
          params: apiTokenIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await apiTokens.remove(callerOf(request), request.params.id);
        return { message: ApiTokenText.deleted };
      },
    );
  };
}
