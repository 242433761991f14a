import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { findProfile, reinstallProfiles } from './profiles.ts';
import { installStatus, reinstallProblem, startInstall, stopInstall } from './provisioning.ts';
import { conflict, invalidInput, result, unprocessable } from './replies.ts';
import { onServer } from './server-lookup.ts';

/**
 * The documented body of `startReinstallation`; the layout, `sshkeys` and `hostname` are kept with
 * the installation (the control API shows them) but change nothing else on the simulated server.
 */
const startSchema = z.object({
  profileId: z.coerce.number({ error: 'The profile id field is required.' }).int(),
  disklayoutId: z.coerce.number().int().optional(),
  rootpassword: z.string().max(128, 'The rootpassword may not be greater than 128 characters.').optional(),
  sshkeys: z.array(z.string(), { error: 'The sshkeys must be an array.' }).optional(),
  hostname: z.string().max(255, 'The hostname may not be greater than 255 characters.').optional(),
});

/** `/api/servers/{id}/provisioning/...`: profiles, and reinstallations that run over minutes. */
export function registerProvisioningRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get(
    '/api/servers/:id/provisioning/getProfiles',
    onServer(ctx, () => result(reinstallProfiles)),
  );

  app.post(
    '/api/servers/:id/provisioning/startReinstallation',
    onServer(ctx, ({ server, now, save }, request, reply) => {
      const parsed = startSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalidInput(reply, parsed.error);
      const problem = reinstallProblem(server, parsed.data);
      if (problem?.kind === 'busy') return conflict(reply, problem.message);
      if (problem) return unprocessable(reply, problem.message, { [problem.field]: [problem.message] });
      startInstall(server, findProfile(parsed.data.profileId)!, now, ctx.timeScale, parsed.data);
      save();
      return result('The reinstallation has been started.');
    }),
  );

  app.get(
    '/api/servers/:id/provisioning/getInstallStatus',
    onServer(ctx, ({ server, now }) => result(installStatus(server, now))),
  );

  app.get(
    '/api/servers/:id/provisioning/stopReinstallation',
    onServer(ctx, ({ server, now, save }, _request, reply) => {
      const outcome = stopInstall(server, now, ctx.timeScale);
      if (outcome === 'notRunning') return conflict(reply, 'No reinstallation is running for this server.');
      if (outcome === 'tooLate') return conflict(reply, 'The reinstallation can no longer be stopped.');
      save();
      return result('ok');
    }),
  );
}
