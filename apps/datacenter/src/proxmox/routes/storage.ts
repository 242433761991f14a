import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../../context.ts';
import { taskUser } from '../auth.ts';
import { fraction } from '../counters.ts';
import { ok, params, PveError } from '../pve-http.ts';
import { pve } from '../pve-schema.ts';
import { settledState } from '../settle.ts';
import type { PveVolume } from '../state.ts';
import { instantTask, startTask } from '../tasks.ts';
import { encodeWorkerId } from '../upid.ts';
import { backupOwnerOf } from '../volumes.ts';
import { ownerOf } from '../vm-config.ts';
import { requireStorage, storagePath } from './lookup.ts';

const CONTENT_TYPES = ['images', 'iso', 'backup', 'vztmpl', 'rootdir', 'snippets', 'import'] as const;

/** A download from a URL runs this long at timeScale 1; the file shows only once it is complete. */
export const DOWNLOAD_MS = 45_000;

/** Storage content: listing, deleting volumes, downloading ISO images from a URL. */
export function registerStorageRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/nodes/:node/storage/:storage/content', async (request) => {
    const input = params(
      request,
      storagePath.extend({
        content: pve.enum(CONTENT_TYPES).optional(),
        vmid: pve.vmid().optional(),
      }),
    );
    const state = settledState(ctx);
    requireStorage(state, input.node, input.storage);
    const items = Object.values(state.volumes)
      .filter((v) => v.storage === input.storage)
      .filter((v) => !input.content || v.content === input.content)
      .filter((v) => input.vmid === undefined || ownerVmid(v) === input.vmid)
      .sort((a, b) => a.volid.localeCompare(b.volid))
      .map(contentEntry);
    return ok(items);
  });

  // Allocates a disk image (`pvesm alloc`): synchronous, answers the new volid.
  app.post('/nodes/:node/storage/:storage/content', async (request) => {
    const input = params(
      request,
      storagePath.extend({
        filename: pve.string(),
        size: pve.string({ pattern: /^\d+[MG]?$/ }),
        vmid: pve.vmid(),
        format: pve.enum(['raw', 'qcow2', 'subvol', 'vmdk']).optional(),
      }),
    );
    const state = settledState(ctx);
    const storage = requireStorage(state, input.node, input.storage);
    const extension = /\.(raw|qcow2|vmdk)$/.exec(input.filename)?.[1];
    if (extension && input.format && input.format !== extension) {
      throw new PveError(400, 'Parameter verification failed.', {
        format: `different storage formats (${input.format} != ${extension})`,
      });
    }
    if (!storage.content.includes('images')) {
      throw new PveError(500, `storage '${input.storage}' does not support content-type 'images'`);
    }
    // Block storages (rbd, lvm) take only names that say their owner.
    if (!new RegExp(`^vm-${input.vmid}-[a-zA-Z0-9_.+-]+$`).test(input.filename)) {
      throw new PveError(500, `illegal name '${input.filename}' - should be 'vm-${input.vmid}-*'`);
    }
    const volid = `${input.storage}:${input.filename}`;
    if (state.volumes[volid]) throw new PveError(500, `volume '${volid}' already exists`);
    state.volumes[volid] = {
      volid,
      storage: input.storage,
      content: 'images',
      format: input.format ?? extension ?? 'raw',
      size: kibibytes(input.size) * 1024,
      ctime: Math.floor(ctx.clock.now() / 1000),
      vmid: input.vmid,
    };
    ctx.store.save();
    return ok(volid);
  });

  app.delete('/nodes/:node/storage/:storage/content/:volume', async (request) => {
    const input = params(
      request,
      storagePath.extend({ volume: pve.string(), delay: pve.integer({ min: 1, max: 30 }).optional() }),
    );
    const state = settledState(ctx);
    requireStorage(state, input.node, input.storage);
    const volid = input.volume.includes(':') ? input.volume : `${input.storage}:${input.volume}`;
    if (!state.volumes[volid] || !volid.startsWith(`${input.storage}:`)) {
      throw new PveError(500, `volume '${volid}' does not exist`);
    }
    delete state.volumes[volid];
    const task = instantTask(state, ctx, {
      node: input.node,
      user: taskUser(request, ctx),
      type: 'imgdel',
      id: encodeWorkerId(volid),
    });
    ctx.store.save();
    return ok(task.upid);
  });

  app.post('/nodes/:node/storage/:storage/download-url', async (request) => {
    const input = params(
      request,
      storagePath.extend({
        content: pve.enum(['iso', 'vztmpl', 'import']),
        filename: pve.string({ maxLength: 255 }),
        url: pve.string({ pattern: /^https?:\/\/.*/ }),
        checksum: pve.string().optional(),
        'checksum-algorithm': pve.enum(['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512']).optional(),
        'verify-certificates': pve.boolean().optional(),
        compression: pve.string().optional(),
      }),
    );
    const state = settledState(ctx);
    const storage = requireStorage(state, input.node, input.storage);
    if (input.content !== 'iso' || !storage.content.includes('iso')) {
      throw new PveError(500, `storage '${input.storage}' does not support content-type '${input.content}'`);
    }
    // Proxmox normalises the name and wants an ISO extension.
    const filename = input.filename.replace(/[^a-zA-Z0-9_.-]/g, '_');
    if (!/\.(iso|img)$/i.test(filename)) {
      throw new PveError(400, 'Parameter verification failed.', { filename: 'wrong file extension' });
    }
    const volid = `${input.storage}:iso/${filename}`;
    const workerId = encodeWorkerId(filename);
    const now = ctx.clock.now();
    const downloading = state.tasks.some((t) => t.type === 'download' && t.id === workerId && now < t.endMs);
    if (state.volumes[volid] || downloading)
      throw new PveError(500, `refusing to override existing file '${filename}'`);
    const task = startTask(state, ctx, {
      node: input.node,
      user: taskUser(request, ctx),
      type: 'download',
      id: workerId,
      durationMs: DOWNLOAD_MS,
      steps: [{ effect: { kind: 'download', storage: input.storage, volid, size: isoSize(input.url) } }],
    });
    ctx.store.save();
    return ok(task.upid);
  });
}

function ownerVmid(volume: PveVolume): number | undefined {
  return volume.content === 'backup' ? backupOwnerOf(volume.volid) : (volume.vmid ?? ownerOf(volume.volid));
}

function contentEntry(volume: PveVolume) {
  const vmid = ownerVmid(volume);
  return {
    volid: volume.volid,
    content: volume.content,
    format: volume.format,
    size: volume.size,
    ctime: volume.ctime,
    ...(vmid === undefined ? {} : { vmid }),
    ...(volume.content === 'backup' ? { subtype: 'qemu', notes: volume.notes ?? '' } : {}),
    ...(volume.content === 'images' ? { used: volume.size } : {}),
  };
}

/** Somewhere between 300 MB and 4 GB, the same for the same URL. */
function isoSize(url: string): number {
  let h = 0;
  for (const c of url) h = (h * 31 + c.charCodeAt(0)) % 1_000_003;
  return Math.round((300 + 3_700 * fraction(h)) * 1024 * 1024);
}

/** `size` of a disk allocation: kibibytes, or with an M or G suffix. */
function kibibytes(size: string): number {
  const value = Number.parseInt(size, 10);
  if (size.endsWith('G')) return value * 1024 * 1024;
  if (size.endsWith('M')) return value * 1024;
  return value;
}
