import {
  AccountText,
  changePasswordRequestSchema,
  closeAccountRequestSchema,
  messageResponseSchema,
  userEditRequestSchema,
  userEditResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMetaOf } from '../../http/client-meta.ts';
import type { AppContext } from '../../app-context.ts';
import { callerOf, sessionCallerOf } from '../../http/caller.ts';

const tags = ['account'];

const proofRefused =
  'The input is invalid, or the password or the 2FA code is missing or wrong: `errors` names the field.';
const tooManyProofs =
  'Too many wrong passwords or 2FA codes for this login; `Retry-After` gives the seconds to wait.';

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
      (request) => account.editDetails(callerOf(request), request.body),
    );

    app.post(
      '/user/change-password',
      {
        config: { access: 'session', answers: { 422: proofRefused, 429: tooManyProofs } },
        schema: {
          tags,
          summary:
            "Changes the caller's password (with the current one, and a 2FA code when on); its other sessions end",
          operationId: 'changePassword',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await account.changePassword(sessionCallerOf(request), request.body, clientMetaOf(request));
        return { message: AccountText.passwordChanged };
      },
    );

    app.post(
      '/user/close',
      {
        config: { access: 'ownerSession', answers: { 422: proofRefused, 429: tooManyProofs } },
        schema: {
          tags,
          summary:
            'Closes the account (with the password, and a 2FA code when on): every session of it and its sub-accounts ends, its API tokens are revoked',
          operationId: 'closeAccount',
          body: closeAccountRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await account.close(sessionCallerOf(request), request.body);
        return { message: AccountText.accountClosed };
      },
    );
  };
}
