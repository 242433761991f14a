import {
  ErrorCode,
  messageResponseSchema,
  serviceIdParamsSchema,
  vps2BackupCheckResponseSchema,
  vps2BackupListResponseSchema,
  vps2BackupScheduleResponseSchema,
  vps2BackupToggleResponseSchema,
  vps2BackupVolumeRequestSchema,
  vps2BootRequestSchema,
  vps2DetailResponseSchema,
  vps2HostnameRequestSchema,
  vps2InsertIsoRequestSchema,
  vps2IsoAddRequestSchema,
  vps2IsoAddResponseSchema,
  vps2IsoIdParamsSchema,
  vps2IsoListResponseSchema,
  vps2OsTemplateListResponseSchema,
  vps2RebuildRequestSchema,
  vps2ResetPasswordResponseSchema,
  vps2StatsParamsSchema,
  vps2StatsResponseSchema,
  vps2UpgradeRequestSchema,
  vps2UpgradeResponseSchema,
  vps2UserTemplateCreateRequestSchema,
  vps2UserTemplateCreateResponseSchema,
  vps2UserTemplateIdRequestSchema,
  vps2UserTemplateInstallResponseSchema,
  vps2UserTemplateListResponseSchema,
  Vps2Text,
  vps2VncSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';
import { refusedFor, serverChange, serverRead, upstreamAnswers } from '../../http/route-answers.ts';
import { CatalogService } from '../catalog/catalog.service.ts';
import { Vps2BackupsService } from './vps2-backups.service.ts';
import { Vps2IsosService } from './vps2-isos.service.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { SshKeysService } from '../ssh-keys/ssh-keys.service.ts';
import { Vps2Servers } from './vps2-servers.ts';
import { Vps2UpgradeCommand } from './vps2-upgrade.command.ts';
import { Vps2UserTemplatesService } from './vps2-user-templates.service.ts';
import { type Vps2PowerAction, Vps2Service } from './vps2.service.ts';

const tags = ['vps2'];
const params = serviceIdParamsSchema;
const done = { 200: messageResponseSchema };

/** The account's ISOs and user templates: sub-accounts need the services permission. */
const accountLibrary = { access: { permission: 'services' }, answers: upstreamAnswers } as const;

/**
 * VPS v2 routes (servers spec §7 "VPS v2"); the storage-block calls of the page are in the storage
 * module. Account-level paths (iso, user-template) are static, so they win over `{id}`.
 */
export function vps2Routes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { proxmox } = ctx.providers;
    const servers = new Vps2Servers(ctx.database, ctx.services);
    const follow = followServer(ctx.serverWatch, app.log, 'proxmox');
    const catalog = new CatalogService(ctx.database);
    const userTemplates = new Vps2UserTemplatesService(ctx.database, proxmox, servers, follow);
    const sshKeys = new SshKeysService(ctx.database);
    const vps2 = new Vps2Service(proxmox, servers, ctx.services, catalog, userTemplates, follow, sshKeys);
    const isos = new Vps2IsosService(proxmox, servers);
    const backups = new Vps2BackupsService(proxmox, servers, follow);
    const upgrade = new Vps2UpgradeCommand(ctx.database, proxmox, servers, catalog, follow);
    const caller = (request: Parameters<typeof requirePermission>[0]) =>
      requirePermission(request, 'services');

    // The account's ISO library.
    app.get(
      '/services/vps/v2/iso',
      {
        config: accountLibrary,
        schema: {
          tags,
          summary: "Lists the account's ISOs for VPS v2, with their download progress",
          operationId: 'listVps2Isos',
          response: { 200: vps2IsoListResponseSchema },
        },
      },
      async (request) => ({
        isos: await isos.list(caller(request)),
      }),
    );

    app.post(
      '/services/vps/v2/iso/add',
      {
        config: {
          ...accountLibrary,
          answers: {
            ...accountLibrary.answers,
            403: refusedFor(
              ErrorCode.permissionRequired,
              [ErrorCode.serviceAccessDenied, 'the caller has no active VPS v2'],
              ErrorCode.accountClosed,
            ),
            409: 'The account already has as many ISOs as it may (`error`: `iso_limit_reached`).',
          },
        },
        schema: {
          tags,
          summary: "Downloads an ISO from a public http(s) URL into the account's VPS v2 library",
          operationId: 'addVps2Iso',
          body: vps2IsoAddRequestSchema,
          response: { 200: vps2IsoAddResponseSchema },
        },
      },
      async (request) => ({
        message: 'The ISO is being downloaded.',
        iso: await isos.add(caller(request), request.body.url),
      }),
    );

    app.delete(
      '/services/vps/v2/iso/:id',
      {
        config: {
          ...accountLibrary,
          answers: {
            ...accountLibrary.answers,
            404: "No such ISO in the account's library.",
            409: 'The ISO is still downloading (`iso_downloading`) or inserted in a server (`iso_in_use`).',
          },
        },
        schema: {
          tags,
          summary: "Deletes an ISO from the account's VPS v2 library (its id, URL-encoded)",
          operationId: 'deleteVps2Iso',
          params: vps2IsoIdParamsSchema,
          response: done,
        },
      },
      async (request) => {
        await isos.remove(caller(request), request.params.id);
        return { message: 'The ISO was deleted.' };
      },
    );

    // The account's user templates.
    app.get(
      '/services/vps/v2/user-template/list',
      {
        config: accountLibrary,
        schema: {
          tags,
          summary: "Lists the account's user templates (images made from its VPS v2 servers)",
          operationId: 'listVps2UserTemplates',
          response: { 200: vps2UserTemplateListResponseSchema },
        },
      },
      async (request) => ({ user_templates: await userTemplates.list(caller(request)) }),
    );

    app.post(
      '/services/vps/v2/user-template/delete',
      {
        config: {
          ...accountLibrary,
          answers: {
            ...accountLibrary.answers,
            404: 'No such user template on this account.',
            409: 'The template is still being created.',
          },
        },
        schema: {
          tags,
          summary: 'Deletes a user template',
          operationId: 'deleteVps2UserTemplate',
          body: vps2UserTemplateIdRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await userTemplates.delete(caller(request), request.body.id);
        return { message: 'Successfully deleted template!' };
      },
    );

    // One server.
    app.get(
      '/services/vps/v2/:id',
      {
        config: serverRead,
        schema: {
          tags,
          summary: 'Shows a VPS v2: state, resources, usage, addresses, drives, billing',
          operationId: 'getVps2',
          params,
          response: { 200: vps2DetailResponseSchema },
        },
      },
      (request) => vps2.detail(caller(request), request.params.id),
    );

    app.patch(
      '/services/vps/v2/:id/hostname',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Changes the VPS v2's hostname",
          operationId: 'setVps2Hostname',
          params,
          body: vps2HostnameRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await vps2.changeHostname(caller(request), request.params.id, request.body.hostname);
        return { message: 'Successfully changed the server hostname.' };
      },
    );

    const power: [Vps2PowerAction, string, string][] = [
      ['restart', 'The VPS is rebooting.', 'Restarts the VPS v2'],
      ['start', 'The VPS is starting.', 'Starts the VPS v2'],
      ['powerOff', 'The VPS is powering off.', 'Powers the VPS v2 off'],
    ];
    for (const [action, message, summary] of power) {
      app.post(
        `/services/vps/v2/:id/${action}`,
        {
          config: serverChange,
          schema: { tags, summary, operationId: `${action}Vps2`, params, response: done },
        },
        async (request) => {
          await vps2.power(caller(request), request.params.id, action);
          return { message };
        },
      );
    }

    app.post(
      '/services/vps/v2/:id/insert',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Inserts ISOs of the account's library into the VPS v2's drives, or empties them",
          operationId: 'insertVps2Isos',
          params,
          body: vps2InsertIsoRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await vps2.insertIso(caller(request), request.params.id, request.body);
        return { message: 'The ISOs were inserted.' };
      },
    );

    app.post(
      '/services/vps/v2/:id/boot',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Sets the VPS v2's boot order: disk first or CD-ROM first",
          operationId: 'setVps2BootOrder',
          params,
          body: vps2BootRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await vps2.setBootOrder(caller(request), request.params.id, request.body.order);
        return { message: 'The boot order was saved.' };
      },
    );

    app.get(
      '/services/vps/v2/:id/stats/:range',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Gives the VPS v2's CPU, disk and network usage over the last hour, day, week or month",
          operationId: 'getVps2Stats',
          params: vps2StatsParamsSchema,
          response: { 200: vps2StatsResponseSchema },
        },
      },
      async (request) => ({
        stats: await vps2.stats(caller(request), request.params.id, request.params.range),
      }),
    );

    app.get(
      '/services/vps/v2/:id/templates',
      {
        config: serverRead,
        schema: {
          tags,
          summary:
            "Lists the operating systems and the account's user templates the VPS v2 can be reinstalled with",
          operationId: 'listVps2Templates',
          params,
          response: { 200: vps2OsTemplateListResponseSchema },
        },
      },
      async (request) => ({ templates: await vps2.templates(caller(request), request.params.id) }),
    );

    app.post(
      '/services/vps/v2/:id/rebuild',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Reinstalls the VPS v2 with an operating system, a root password and optional SSH keys',
          operationId: 'reinstallVps2',
          params,
          body: vps2RebuildRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await vps2.rebuild(caller(request), request.params.id, request.body);
        return { message: 'The operating system is being reinstalled.' };
      },
    );

    app.get(
      '/services/vps/v2/:id/vnc',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Opens a session on the VPS v2's VNC console and gives its one-time address",
          operationId: 'getVps2Vnc',
          params,
          response: { 200: vps2VncSchema },
        },
      },
      (request) => vps2.vnc(caller(request), request.params.id),
    );

    // The first generation's reset-password, under the v2 prefix (the spec names no v2 path).
    app.post(
      '/services/vps/v2/:id/reset-password',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Sets a new generated root password on the running VPS v2 and shows it once',
          operationId: 'resetVps2Password',
          params,
          response: { 200: vps2ResetPasswordResponseSchema },
        },
      },
      (request) => vps2.resetRootPassword(caller(request), request.params.id),
    );

    // Backups.
    app.get(
      '/services/vps/v2/:id/backup/check',
      {
        config: serverRead,
        schema: {
          tags,
          summary: 'Tells whether scheduled backups are on for the VPS v2',
          operationId: 'getVps2BackupState',
          params,
          response: { 200: vps2BackupCheckResponseSchema },
        },
      },
      async (request) =>
        ({ isEnabled: (await backups.isEnabled(caller(request), request.params.id)) ? 1 : 0 }) as const,
    );

    app.get(
      '/services/vps/v2/:id/backups',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Lists the VPS v2's backups",
          operationId: 'listVps2Backups',
          params,
          response: { 200: vps2BackupListResponseSchema },
        },
      },
      async (request) => ({ backups: await backups.list(caller(request), request.params.id) }),
    );

    app.get(
      '/services/vps/v2/:id/backup/schedule',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Shows the VPS v2's backup schedule and when the next backup runs",
          operationId: 'getVps2BackupSchedule',
          params,
          response: { 200: vps2BackupScheduleResponseSchema },
        },
      },
      (request) => backups.schedule(caller(request), request.params.id),
    );

    // A GET that changes state, as the spec has it: safe because only the bearer header
    // authenticates (API.md), so no other site can make a browser send it.
    app.get(
      '/services/vps/v2/:id/backup/toggle',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Turns scheduled backups of the VPS v2 on or off',
          operationId: 'toggleVps2Backups',
          params,
          response: { 200: vps2BackupToggleResponseSchema },
        },
      },
      async (request) => {
        const enabled = await backups.toggle(caller(request), request.params.id);
        return { message: 'Successfully toggled backups!', isEnabled: enabled ? 1 : 0 } as const;
      },
    );

    app.post(
      '/services/vps/v2/:id/backup/trigger',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Starts a backup of the VPS v2 now',
          operationId: 'triggerVps2Backup',
          params,
          response: done,
        },
      },
      async (request) => {
        await backups.trigger(caller(request), request.params.id);
        return { message: 'Successfully triggered backup!' };
      },
    );

    app.post(
      '/services/vps/v2/:id/backup/delete',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Deletes one backup of the VPS v2',
          operationId: 'deleteVps2Backup',
          params,
          body: vps2BackupVolumeRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await backups.delete(caller(request), request.params.id, request.body.volid);
        return { message: 'The backup was deleted.' };
      },
    );

    app.post(
      '/services/vps/v2/:id/backup/restore',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Restores the VPS v2 from one of its backups, replacing its disk',
          operationId: 'restoreVps2Backup',
          params,
          body: vps2BackupVolumeRequestSchema,
          response: done,
        },
      },
      async (request) => {
        await backups.restore(caller(request), request.params.id, request.body.volid);
        return { message: 'The backup is being restored.' };
      },
    );

    // User templates of one server.
    app.post(
      '/services/vps/v2/:id/user-template/create',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Creates a user template from the VPS v2's disk",
          operationId: 'createVps2UserTemplate',
          params,
          body: vps2UserTemplateCreateRequestSchema,
          response: { 200: vps2UserTemplateCreateResponseSchema },
        },
      },
      async (request) => ({
        message: Vps2Text.templateBeingCreated,
        user_template: await userTemplates.create(
          caller(request),
          request.params.id,
          request.body.custom_name,
        ),
      }),
    );

    app.post(
      '/services/vps/v2/:id/user-template/install',
      {
        config: {
          ...serverChange,
          answers: {
            ...serverChange.answers,
            404: 'No such service, server or user template on this account.',
          },
        },
        schema: {
          tags,
          summary: 'Reinstalls the VPS v2 from a user template and shows the new root password once',
          operationId: 'installVps2UserTemplate',
          params,
          body: vps2UserTemplateIdRequestSchema,
          response: { 200: vps2UserTemplateInstallResponseSchema },
        },
      },
      (request) => userTemplates.install(caller(request), request.params.id, request.body.id),
    );

    // An upgrade is an order: sub-accounts need the order permission as well.
    app.post(
      '/services/vps/v2/:id/upgrade',
      {
        config: {
          ...serverChange,
          alsoRequires: 'order',
          answers: {
            ...serverChange.answers,
            403: refusedFor(
              [
                ErrorCode.permissionRequired,
                'a sub-account needs both the services and the order permission',
              ],
              ErrorCode.serviceAccessDenied,
              ErrorCode.accountClosed,
            ),
          },
        },
        schema: {
          tags,
          summary: 'Upgrades the VPS v2 to a larger plan of its family and invoices the difference',
          operationId: 'upgradeVps2',
          params,
          body: vps2UpgradeRequestSchema,
          response: { 200: vps2UpgradeResponseSchema },
        },
      },
      async (request) => {
        const auth = caller(request);
        const { invoiceId } = await upgrade.run(auth, request.params.id, request.body.pid);
        return { success: true, invoiceid: invoiceId };
      },
    );
  };
}
