import {
  ErrorCode,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordSchema,
  resetRequestSchema,
  resetTokenParamsSchema,
  sessionResponseSchema,
  userSchema,
  verifyEmailSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf, sessionCallerOf } from '../../http/caller.ts';
import { refusedFor } from '../../http/route-answers.ts';
import { clientMetaOf as meta } from '../../http/client-meta.ts';

const tags = ['auth'];

export function authRoutes({ auth }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: {
          access: 'public',
          answers: {
            401: 'The e-mail address and password, or the 2FA code, do not match (`errors` names the field).',
            403: refusedFor(ErrorCode.accountClosed),
            502: 'The e-mailed sign-in code could not be sent.',
          },
        },
        schema: {
          tags,
          summary: 'Signs in; with 2FA on, a first call asks for the code and a second call sends it',
          operationId: 'login',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      (request) => auth.login(request.body, meta(request)),
    );

    app.post(
      '/register',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Creates an account (with a solved captcha) and signs it in',
          operationId: 'register',
          body: registerRequestSchema,
          response: { 201: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        const { password_confirmation: _confirmation, ...input } = request.body;
        reply.code(201);
        return auth.register(input, meta(request));
      },
    );

    app.post(
      '/logout',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Signs out: ends the session of the bearer token',
          operationId: 'logout',
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await auth.logout(sessionCallerOf(request));
        return { message: 'Logged out.' };
      },
    );

    app.get(
      '/user',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          summary: 'Shows the signed-in user and the account it acts for',
          operationId: 'getCurrentUser',
          response: { 200: userSchema },
        },
      },
      async (request) => auth.currentUser(callerOf(request)),
    );

    app.post(
      '/reset-password',
      {
        config: {
          access: 'public',
          answers: {
            403: refusedFor(ErrorCode.subAccountResetNotAllowed, ErrorCode.accountClosed),
            502: 'The reset e-mail could not be sent.',
          },
        },
        schema: {
          tags,
          summary: 'Mails a password reset link; the answer is the same whether the account exists or not',
          operationId: 'requestPasswordReset',
          body: resetRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await auth.requestPasswordReset(request.body.email, meta(request));
        return {
          message: 'If an account exists for this address, a password reset link has been sent to it.',
        };
      },
    );

    app.post(
      '/reset-password/:token',
      {
        config: {
          access: 'public',
          answers: { 403: refusedFor(ErrorCode.subAccountResetNotAllowed, ErrorCode.accountClosed) },
        },
        schema: {
          tags,
          summary: "Sets a new password with a mailed reset link's token, and ends the account's sessions",
          operationId: 'resetPassword',
          params: resetTokenParamsSchema,
          body: resetPasswordSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await auth.resetPassword(request.params.token, request.body.password, meta(request));
        return { message: 'Your password has been successfully reset.' };
      },
    );

    app.post(
      '/email-verification/send',
      {
        config: {
          access: 'mainAccount',
          answers: { 502: 'The verification e-mail could not be sent.' },
        },
        schema: {
          tags,
          summary: "Mails a new verification link to the account's address",
          operationId: 'sendVerificationEmail',
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const outcome = await auth.sendVerification(callerOf(request));
        return {
          message:
            outcome === 'sent'
              ? 'Verification email has been resent. Please check your inbox.'
              : 'Your email address is already verified.',
        };
      },
    );

    app.post(
      '/email-verification/verify',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "Confirms the account's e-mail address with a mailed verification link's token",
          operationId: 'verifyEmail',
          body: verifyEmailSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await auth.verifyEmail(request.body.token, meta(request));
        return { message: 'Your email address has been verified.' };
      },
    );
  };
}
