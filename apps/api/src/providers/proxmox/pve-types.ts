import { z } from 'zod';

/**
 * The Proxmox VE answers the adapter reads (inside `{"data": …}`), with only the fields it uses.
 * Proxmox omits fields freely (a stopped VM has no pid, an unlocked one no lock), so most are
 * optional; numbers sometimes arrive as strings, hence the coercions.
 */
const num = z.coerce.number();

export const vmResourceSchema = z.object({
  type: z.string(),
  vmid: num,
  node: z.string(),
  name: z.string().optional(),
  status: z.string().optional(),
  template: num.optional(),
  lock: z.string().optional(),
  tags: z.string().optional(),
  maxdisk: num.optional(),
});
export type PveVmResource = z.infer<typeof vmResourceSchema>;

export const storageResourceSchema = z.object({
  type: z.string(),
  node: z.string(),
  storage: z.string().optional(),
  content: z.string().optional(),
  shared: num.optional(),
});
export type PveStorageResource = z.infer<typeof storageResourceSchema>;

export const vmStatusSchema = z.object({
  status: z.string(),
  name: z.string().optional(),
  cpus: num.default(0),
  cpu: num.default(0),
  maxmem: num.default(0),
  maxdisk: num.default(0),
  uptime: num.default(0),
  lock: z.string().optional(),
});

/** A VM's configuration: Proxmox keys to string or number values. */
export const vmConfigSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type PveVmConfig = z.infer<typeof vmConfigSchema>;

export const rrdPointSchema = z.object({
  time: num,
  cpu: num.optional(),
  diskread: num.optional(),
  diskwrite: num.optional(),
  netin: num.optional(),
  netout: num.optional(),
});

export const storageContentSchema = z.object({
  volid: z.string(),
  size: num.default(0),
  ctime: num.optional(),
  format: z.string().optional(),
  content: z.string().optional(),
  vmid: num.optional(),
  notes: z.string().optional(),
});
export type PveStorageContent = z.infer<typeof storageContentSchema>;

export const backupJobSchema = z.object({
  id: z.string(),
  schedule: z.string().optional(),
  vmid: z.union([z.string(), z.number()]).optional(),
  enabled: z.union([num, z.boolean()]).optional(),
  storage: z.string().optional(),
  'next-run': num.optional(),
});
export type PveBackupJob = z.infer<typeof backupJobSchema>;

export const taskStatusSchema = z.object({
  status: z.string(),
  exitstatus: z.string().optional(),
});

export const taskEntrySchema = z.object({
  upid: z.string(),
  type: z.string(),
  id: z.string().optional(),
  status: z.string().optional(),
});
export type PveTaskEntry = z.infer<typeof taskEntrySchema>;

export const vncProxySchema = z.object({
  ticket: z.string(),
  port: num,
  password: z.string().optional(),
});

export const nodeConfigSchema = z.object({ description: z.string().optional() });

/** A task id, or null when the call finished without one. */
export const upidSchema = z.string().nullable();

/** What a guest agent command answers: an object with a single `result` property. */
export const agentResultSchema = z.object({ result: z.unknown() }).loose();

/** An entry of `GET /nodes`. */
export const nodeEntrySchema = z.object({
  node: z.string(),
  status: z.string().optional(),
  mem: num.optional(),
  maxmem: num.optional(),
});
export type PveNodeEntry = z.infer<typeof nodeEntrySchema>;
