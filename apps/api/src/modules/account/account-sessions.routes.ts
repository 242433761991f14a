import {
  accountSessionListResponseSchema,
  AccountText,
  messageResponseSchema,
  sessionIdParamsSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { sessionCallerOf } from '../../http/caller.ts';
import { AccountSessionsService } from './account-sessions.service.ts';

const tags = ['account'];

/** The caller's signed-in sessions: list them, end one, end every other one. */
export function accountSessionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sessions = new AccountSessionsService(ctx.database);

    app.get(
      '/sessions',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: "Lists the caller's live sessions, the most recently used first, this one marked current",
          operationId: 'listSessions',
          response: { 200: accountSessionListResponseSchema },
        },
      },
      async (request) => ({ sessions: await sessions.list(sessionCallerOf(request)) }),
    );

    app.delete(
      '/sessions/:id',
      {
        config: {
          access: 'session',
          answers: { 404: "No live session of this id among the caller's own." },
        },
        schema: {
          tags,
          summary: "Ends one of the caller's sessions (this one too, which signs it out)",
          operationId: 'revokeSession',
          params: sessionIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await sessions.revoke(sessionCallerOf(request), request.params.id);
        return { message: AccountText.sessionRevoked };
      },
    );

    app.post(
      '/sessions/revoke-others',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: "Ends every session of the caller but this one ('sign out everywhere else')",
          operationId: 'revokeOtherSessions',
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await sessions.revokeOthers(sessionCallerOf(request));
        return { message: AccountText.otherSessionsRevoked };
      },
    );
  };
}
