import {
  messageResponseSchema,
  serviceIdParamsSchema,
  storageBlockDiskRequestSchema,
  storageBlockListResponseSchema,
  storageDetailResponseSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { Vps2Servers } from '../vps2/vps2-servers.ts';
import { StorageService } from './storage.service.ts';

const tags = ['storage'];
const params = serviceIdParamsSchema;
const done = { 200: messageResponseSchema };

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
    const caller = (request: Parameters<typeof requirePermission>[0]) =>
      requirePermission(request, 'services');

    app.get(
      '/services/vps/v2/blockStorage',
      { schema: { tags, response: { 200: storageBlockListResponseSchema } } },
      async (request) => ({ disks: await storage.list(caller(request)) }),
    );

    app.post(
      '/services/vps/v2/:id/blockStorage/attach',
      { schema: { tags, params, body: storageBlockDiskRequestSchema, response: done } },
      async (request) => {
        await storage.attach(caller(request), request.params.id, request.body.disk_name);
        return { message: 'Disk Attach Successful' };
      },
    );

    app.post(
      '/services/vps/v2/:id/blockStorage/detach',
      { schema: { tags, params, body: storageBlockDiskRequestSchema, response: done } },
      async (request) => {
        await storage.detachFromServer(caller(request), request.params.id, request.body.disk_name);
        return { message: 'Disk Detach Successful' };
      },
    );

    app.get(
      '/services/storage/:id',
      { schema: { tags, params, response: { 200: storageDetailResponseSchema } } },
      (request) => storage.detail(caller(request), request.params.id),
    );

    app.post(
      '/services/storage/:id/detach',
      { schema: { tags, params, body: storageBlockDiskRequestSchema, response: done } },
      async (request) => {
        await storage.detachFromStorage(caller(request), request.params.id, request.body.disk_name);
        return { message: 'Disk Detach Successful' };
      },
    );
  };
}
