import {
  messageResponseSchema,
  recoveryCodesRequestSchema,
  recoveryCodesResponseSchema,
  twoFactorChangeRequestSchema,
  twoFactorChangeResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorConfirmResponseSchema,
  twoFactorStatusResponseSchema,
  TwoFactorText,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMetaOf } from '../../http/client-meta.ts';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';

const tags = ['two-factor'];

const wrongCode =
  'The code is missing or wrong, or there is nothing to confirm: `errors` names the field and `message` says which.';
const tooManyCodes =
  'Too many wrong codes, or too many e-mailed codes, for this login; `Retry-After` gives the seconds to wait.';

/**
 * 2FA of the signed-in login (portal spec §4, §7 Account, §8; API.md), and its recovery codes.
 * A session only: an API token may not change how its owner signs in.
 */
export function twoFactorRoutes({ twoFactor }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/2fa',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: "Shows the caller's 2FA method, a pending choice and how many recovery codes are left",
          operationId: 'getTwoFactor',
          response: { 200: twoFactorStatusResponseSchema },
        },
      },
      (request) => twoFactor.status(callerOf(request).login),
    );

    app.post(
      '/2fa',
      {
        config: {
          access: 'session',
          answers: { 422: wrongCode, 429: tooManyCodes, 502: 'The e-mailed code could not be sent.' },
        },
        schema: {
          tags,
          summary:
            'Chooses a 2FA method: none at once, otherwise pending until its code confirms it (a QR code, or a mailed code); leaving a method needs its code',
          operationId: 'changeTwoFactor',
          body: twoFactorChangeRequestSchema,
          response: { 200: twoFactorChangeResponseSchema },
        },
      },
      (request) => twoFactor.change(callerOf(request).login, request.body, clientMetaOf(request)),
    );

    app.post(
      '/2fa/confirm',
      {
        config: { access: 'session', answers: { 422: wrongCode, 429: tooManyCodes } },
        schema: {
          tags,
          summary:
            'Confirms the pending 2FA method with its code; turning 2FA on answers the recovery codes, once',
          operationId: 'confirmTwoFactor',
          body: twoFactorConfirmRequestSchema,
          response: { 200: twoFactorConfirmResponseSchema },
        },
      },
      (request) => twoFactor.confirm(callerOf(request).login, request.body.code, clientMetaOf(request)),
    );

    app.post(
      '/2fa/email-code',
      {
        config: {
          access: 'session',
          answers: {
            409: 'Neither the 2FA method nor the pending choice is e-mail.',
            429: tooManyCodes,
            502: 'The e-mailed code could not be sent.',
          },
        },
        schema: {
          tags,
          summary:
            'Mails a 2FA code: for the e-mail method before a change, or anew for a pending e-mail choice',
          operationId: 'sendTwoFactorEmailCode',
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await twoFactor.sendEmailCode(callerOf(request).login);
        return { message: TwoFactorText.emailCodeSent };
      },
    );

    app.post(
      '/2fa/recovery-codes',
      {
        config: {
          access: 'session',
          answers: {
            409: '2FA is off: there are no recovery codes to replace.',
            422: wrongCode,
            429: tooManyCodes,
          },
        },
        schema: {
          tags,
          summary: 'Replaces the recovery codes with a new set, after a code of the current 2FA method',
          operationId: 'regenerateRecoveryCodes',
          body: recoveryCodesRequestSchema,
          response: { 200: recoveryCodesResponseSchema },
        },
      },
      async (request) => ({
        recovery_codes: await twoFactor.regenerateRecoveryCodes(
          callerOf(request).login,
          request.body.code,
          clientMetaOf(request),
        ),
      }),
    );
  };
}
