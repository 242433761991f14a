import {
  ErrorCode,
  messageResponseSchema,
  serviceIdParamsSchema,
  storageBlockDiskRequestSchema,
  storageBlockListResponseSchema,
  storageDetailResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';
import { refusedFor, serverChange, serverRead, upstreamAnswers } from '../../http/route-answers.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { Vps2Servers } from '../vps2/vps2-servers.ts';
import { StorageService } from './storage.service.ts';

const tags = ['storage'];
const params = serviceIdParamsSchema;
const done = { 200: messageResponseSchema };

/** Attaching and detaching name a block of the account, which may be unknown or outside the whitelist. */
const blockChange = {
  ...serverChange.answers,
  403: refusedFor(
    ErrorCode.permissionRequired,
    [ErrorCode.serviceAccessDenied, "the server or the block is outside the sub-account's whitelist"],
    ErrorCode.accountClosed,
  ),
  404: 'No such server, or no such storage block on this account.',
};

/**
 * Storage blocks: the VPS v2 page's Storage Blocks calls (servers spec §7) and the storage page's
 * own (API.md: `POST services/storage/{id}/detach`; `GET services/storage/{id}` for 'Attached to').
 */
export function storageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const storage = new StorageService(
      ctx.providers.proxmox,
      new Vps2Servers(ctx.database, ctx.services),
      ctx.services,
      followServer(ctx.serverWatch, app.log, 'proxmox'),
    );

    app.get(
      '/services/vps/v2/blockStorage',
      {
        config: { access: { permission: 'services' }, answers: upstreamAnswers },
        schema: {
          tags,
          summary: "Lists the account's storage blocks with the servers they are attached to",
          operationId: 'listStorageBlocks',
          response: { 200: storageBlockListResponseSchema },
        },
      },
      async (request) => ({ disks: await storage.list(callerOf(request)) }),
    );

    app.post(
      '/services/vps/v2/:id/blockStorage/attach',
      {
        config: {
          ...serverChange,
          answers: {
            ...blockChange,
            409: `${serverChange.answers[409]} Or the block is attached to another server (\`disk_attached\`), or the server has no free disk slot.`,
          },
        },
        schema: {
          tags,
          summary: 'Attaches a storage block of the account to the VPS v2',
          operationId: 'attachStorageBlock',
          params,
          body: storageBlockDiskRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await storage.attach(callerOf(request), request.params.id, request.body.disk_name);
        return { message: 'Disk Attach Successful' };
      },
    );

    app.post(
      '/services/vps/v2/:id/blockStorage/detach',
      {
        config: { ...serverChange, answers: blockChange },
        schema: {
          tags,
          summary: 'Detaches a storage block from the VPS v2',
          operationId: 'detachStorageBlockFromVps2',
          params,
          body: storageBlockDiskRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await storage.detachFromServer(callerOf(request), request.params.id, request.body.disk_name);
        return { message: 'Disk Detach Successful' };
      },
    );

    app.get(
      '/services/storage/:id',
      {
        config: serverRead,
        schema: {
          tags,
          summary: 'Shows a storage block: its disk, the server it is attached to, and its billing',
          operationId: 'getStorageBlock',
          params,
          response: { 200: storageDetailResponseSchema },
        },
      },
      (request) => storage.detail(callerOf(request), request.params.id),
    );

    app.post(
      '/services/storage/:id/detach',
      {
        config: {
          ...serverChange,
          answers: {
            ...serverChange.answers,
            403: refusedFor(
              ErrorCode.permissionRequired,
              [
                ErrorCode.serviceAccessDenied,
                "the block, or the server it is attached to, is outside the sub-account's whitelist",
              ],
              ErrorCode.accountClosed,
            ),
            409: 'The block is suspended or not active (`service_not_manageable`), or attached to no server (`disk_not_attached`).',
          },
        },
        schema: {
          tags,
          summary: 'Detaches the storage block from the server it is attached to',
          operationId: 'detachStorageBlock',
          params,
          body: storageBlockDiskRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await storage.detachFromStorage(callerOf(request), request.params.id, request.body.disk_name);
        return { message: 'Disk Detach Successful' };
      },
    );
  };
}
