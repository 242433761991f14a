import {
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireLogin, requireMainAccount } from '../../http/policy.ts';
import type { ClientMeta } from './auth.service.ts';

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export function authRoutes({ auth }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      { schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } } },
      (request) => auth.login(request.body, meta(request)),
    );

    app.post(
      '/register',
      { schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: sessionResponseSchema } } },
      async (request, reply) => {
        const { password_confirmation: _confirmation, ...input } = request.body;
        reply.code(201);
        return auth.register(input, meta(request));
      },
    );

    app.post(
      '/logout',
      { schema: { tags: ['auth'], response: { 200: messageResponseSchema } } },
      async (request) => {
        await auth.logout(requireLogin(request));
        return { message: 'Logged out.' };
      },
    );

    app.get('/user', { schema: { tags: ['auth'], response: { 200: userSchema } } }, async (request) =>
      auth.currentUser(requireLogin(request)),
    );

    app.post(
      '/reset-password',
      { schema: { tags: ['auth'], body: resetRequestSchema, response: { 200: messageResponseSchema } } },
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
        schema: {
          tags: ['auth'],
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
      { schema: { tags: ['auth'], response: { 200: messageResponseSchema } } },
      async (request) => {
        const outcome = await auth.sendVerification(requireMainAccount(request));
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
      { schema: { tags: ['auth'], body: verifyEmailSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await auth.verifyEmail(request.body.token, meta(request));
        return { message: 'Your email address has been verified.' };
      },
    );
  };
}
