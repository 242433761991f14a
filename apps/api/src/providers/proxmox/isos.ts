import type { Vps2InsertIso, Vps2Iso } from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import { isoFilename, parseIsoFilename, type ProxmoxLayout } from './conventions.ts';
import { type PveApi, seg } from './pve-api.ts';
import { storageContentSchema, storageResourceSchema, taskEntrySchema } from './pve-types.ts';

/**
 * A customer's ISO images on the ISO storage: complete ones are in the storage content; ones
 * still downloading are the node's active `download` tasks, whose id is the file name.
 */
export class Isos {
  constructor(
    private readonly api: PveApi,
    private readonly layout: ProxmoxLayout,
  ) {}

  async list(ownerId: number): Promise<Vps2Iso[]> {
    const node = await this.#node();
    const storage = seg(this.layout.isoStorage);
    const [content, active] = await Promise.all([
      this.api.get(`/nodes/${seg(node)}/storage/${storage}/content`, storageContentSchema.array(), {
        content: 'iso',
      }),
      this.api.get(`/nodes/${seg(node)}/tasks`, taskEntrySchema.array(), {
        typefilter: 'download',
        source: 'active',
      }),
    ]);
    const complete = content.flatMap((item) => {
      const iso = this.#iso(filenameOf(item.volid), ownerId, 'complete');
      return iso ? [iso] : [];
    });
    const queued = active.flatMap((task) => {
      const iso =
        task.type === 'download' ? this.#iso(decodeWorkerId(task.id ?? ''), ownerId, 'queued') : undefined;
      return iso && !complete.some((c) => c.id === iso.id) ? [iso] : [];
    });
    return [...queued, ...complete];
  }

  async add(ownerId: number, url: string): Promise<Vps2Iso> {
    const node = await this.#node();
    const { filename } = isoFilename(ownerId, url);
    await this.api.post(`/nodes/${seg(node)}/storage/${seg(this.layout.isoStorage)}/download-url`, {
      content: 'iso',
      filename,
      url,
    });
    return this.#iso(filename, ownerId, 'queued')!;
  }

  async delete(ownerId: number, isoId: string): Promise<void> {
    const iso = (await this.list(ownerId)).find((i) => i.id === isoId && i.upload_status === 'complete');
    if (!iso) throw AppError.notFound('This ISO was not found.');
    const node = await this.#node();
    await this.api.delete(
      `/nodes/${seg(node)}/storage/${seg(this.layout.isoStorage)}/content/${seg(iso.id)}`,
    );
  }

  /** Drive values for the CD drives: the owner's complete ISOs only; null/'' empties a drive. */
  async driveValues(ownerId: number, selection: Vps2InsertIso): Promise<Record<string, string>> {
    const owned = new Set(
      (await this.list(ownerId)).filter((i) => i.upload_status === 'complete').map((i) => i.id),
    );
    const values: Record<string, string> = {};
    for (const [field, key] of [
      ['iso', 'ide2'],
      ['sec_iso', 'ide0'],
    ] as const) {
      const chosen = selection[field];
      if (chosen === undefined) continue;
      if (chosen && !owned.has(chosen)) throw AppError.notFound('This ISO was not found.');
      values[key] = `${chosen || 'none'},media=cdrom`;
    }
    return values;
  }

  #iso(filename: string, ownerId: number, status: Vps2Iso['upload_status']): Vps2Iso | undefined {
    const parsed = parseIsoFilename(filename);
    if (!parsed || parsed.ownerId !== ownerId) return undefined;
    return {
      id: `${this.layout.isoStorage}:iso/${filename}`,
      name: parsed.name,
      uuid: parsed.uuid,
      upload_status: status,
    };
  }

  /** The node that serves the (shared) ISO storage: the first one that has it. */
  async #node(): Promise<string> {
    const storages = await this.api.get('/cluster/resources', storageResourceSchema.array(), {
      type: 'storage',
    });
    const nodes = storages
      .filter((s) => s.storage === this.layout.isoStorage)
      .map((s) => s.node)
      .sort();
    if (!nodes[0]) throw AppError.notFound('No ISO storage is configured.');
    return nodes[0];
  }
}

function filenameOf(volid: string): string {
  return volid.slice(volid.indexOf('iso/') + 4);
}

/** Task ids escape characters as \xNN. */
function decodeWorkerId(id: string): string {
  return id.replace(/\\x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
