import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../../context.ts';
import { nodeEntry, nodeStatus, nodeStorageEntry } from '../node-views.ts';
import { ok, params } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';
import { settledState } from '../settle.ts';
import { storagesOn } from '../state.ts';
import { vmStatus } from '../vm-views.ts';
import { nodePath, requireNode } from './lookup.ts';

/** What `GET /nodes/{node}` lists, as Proxmox does (the simulator implements only some of them). */
const NODE_DIRECTORIES =
  'aplinfo apt capabilities ceph certificates config disks dns firewall hardware hosts journal lxc migrateall netstat network qemu query-oci-repo-tags query-url-metadata replication report rrd rrddata scan sdn services spiceshell startall status stopall storage subscription suspendall syslog tasks termproxy time version vncshell vzdump wakeonlan'.split(
    ' ',
  );

/** Only `full=1` adds these to the VM index, as it asks QEMU for them. */
const FULL_STATUS_ONLY = ['qmpstatus', 'ha', 'running-machine', 'running-qemu'] as const;

/** The nodes: their list and status, their notes, and the VMs and storages each one has. */
export function registerNodeRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/nodes', async () => {
    const state = settledState(ctx);
    const now = ctx.clock.now();
    return ok(Object.values(state.nodes).map((node) => nodeEntry(state, node, now)));
  });

  app.get('/nodes/:node', async (request) => {
    const { node } = params(request, nodePath);
    requireNode(settledState(ctx), node);
    return ok(NODE_DIRECTORIES.map((name) => ({ name })));
  });

  app.get('/nodes/:node/status', async (request) => {
    const { node } = params(request, nodePath);
    const state = settledState(ctx);
    requireNode(state, node);
    return ok(nodeStatus(state, state.nodes[node]!, ctx.clock.now()));
  });

  app.get('/nodes/:node/config', async (request) => {
    const { node } = params(request, nodePath);
    const state = settledState(ctx);
    requireNode(state, node);
    return ok({ description: state.nodes[node]!.description, digest: 'd1e5c0ffee' });
  });

  app.get('/nodes/:node/qemu', async (request) => {
    const { node, full } = params(request, nodePath.extend({ full: pve.boolean().optional() }));
    const state = settledState(ctx);
    requireNode(state, node);
    const now = ctx.clock.now();
    return ok(
      Object.values(state.vms)
        .filter((vm) => vm.node === node)
        .map((vm) => {
          const status: Record<string, unknown> = vmStatus(state, vm, now);
          if (!full) for (const key of FULL_STATUS_ONLY) delete status[key];
          return status;
        }),
    );
  });

  app.get('/nodes/:node/storage', async (request) => {
    const input = params(
      request,
      nodePath.extend({
        content: pve.string().optional(),
        enabled: pve.boolean().optional(),
        format: pve.boolean().optional(),
        storage: pve.storage().optional(),
        target: pve.node().optional(),
      }),
    );
    const state = settledState(ctx);
    requireNode(state, input.node);
    const wanted = input.content?.split(',').filter(Boolean) ?? [];
    return ok(
      storagesOn(state, input.node)
        .filter((s) => !input.storage || s.storage === input.storage)
        .filter((s) => wanted.length === 0 || wanted.some((c) => (s.content as string[]).includes(c)))
        .map((s) => nodeStorageEntry(state, s)),
    );
  });
}
