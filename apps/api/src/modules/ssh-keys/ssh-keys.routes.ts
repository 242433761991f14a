import {
  messageResponseSchema,
  sshKeyCreateRequestSchema,
  sshKeyCreateResponseSchema,
  sshKeyIdParamsSchema,
  sshKeyListResponseSchema,
  SshKeyText,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';
import { SshKeysService } from './ssh-keys.service.ts';

const tags = ['ssh-keys'];

/**
 * SSH keys (account spec §7 `GET/POST ssh-keys`, `DELETE ssh-keys/{id}`). Adding and deleting are
 * for the owner account (the SSH Keys tab is shown only to owners); listing is also open to
 * sub-accounts with the services permission, because they reinstall servers with these keys
 * (API.md: the VPS v2 rebuild dialog's list).
 */
export function sshKeysRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const keys = new SshKeysService(ctx.database);

    app.get(
      '/ssh-keys',
      {
        config: { access: { permission: 'services' } },
        schema: {
          tags,
          summary: "Lists the account's SSH public keys",
          operationId: 'listSshKeys',
          response: { 200: sshKeyListResponseSchema },
        },
      },
      async (request) => ({ data: await keys.list(callerOf(request)) }),
    );

    app.post(
      '/ssh-keys',
      {
        config: { access: 'mainAccount' },
        schema: {
          tags,
          summary: 'Adds an SSH public key to the account',
          operationId: 'addSshKey',
          body: sshKeyCreateRequestSchema,
          response: { 201: sshKeyCreateResponseSchema },
        },
      },
      async (request, reply) => {
        const auth = callerOf(request);
        const data = await keys.add(auth, request.body);
        return reply.code(201).send({ message: SshKeyText.added, data });
      },
    );

    app.delete(
      '/ssh-keys/:id',
      {
        config: { access: 'mainAccount', answers: { 404: 'No such SSH key on this account.' } },
        schema: {
          tags,
          summary: 'Deletes an SSH public key of the account',
          operationId: 'deleteSshKey',
          params: sshKeyIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await keys.remove(callerOf(request), request.params.id);
        return { message: SshKeyText.deleted };
      },
    );
  };
}
