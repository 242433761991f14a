import { z } from 'zod';
import { idParam } from './input.ts';
import { serviceIdParamsSchema, serviceListItemSchema } from './services.ts';
import { Vps2Text, vps2HostnameRequestSchema, vps2IsoAddRequestSchema } from './vps2.ts';

// Shapes of the first-generation VPS pages' API (servers spec §3 "VPS (first generation) detail",
// "OS template (VPS)", "ISO", "Usage stat samples (first generation)", and §7 "VPS (first generation)").

/** Boot orders: cda boots the hard disk first, dca the CD first (servers spec §9). */
export const vpsBootOrders = ['cda', 'dca'] as const;
export type VpsBootOrder = (typeof vpsBootOrders)[number];

/** A first-generation VPS counts as locked when its lock text is longer than this (servers spec §9). */
export const VPS_LOCK_TEXT_MIN_LENGTH = 3;

export function isVpsLocked(locked: string): boolean {
  return locked.length >= VPS_LOCK_TEXT_MIN_LENGTH;
}

export const vpsStatusSchema = z.object({
  /** 1 on, 0 off. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** Percent of the VPS's CPU allotment, 0 to 100. */
  used_cpu: z.number().min(0),
  /** GB. */
  used_disk: z.number().min(0),
  /** Disk size in GB. */
  disk: z.number().min(0),
  /** GB transferred this month (in plus out). */
  used_bandwidth: z.number().min(0),
  /** Monthly allowance in GB; 0 means unlimited. */
  bandwidth: z.number().min(0),
  /** Seconds since the last boot, 0 while off (the stats card shows it). */
  uptime: z.number().int().min(0),
});
export type VpsStatus = z.infer<typeof vpsStatusSchema>;

/** The VPS detail (servers spec §3). */
export const vpsDetailSchema = z.object({
  hostname: z.string(),
  /** Why the VPS is locked (for example 'Reinstalling OS'); empty when it is not. */
  locked: z.string(),
  /** IP id to address. */
  ips: z.record(z.string(), z.string()),
  cores: z.number().int().min(1),
  /** MB. */
  ram: z.number().int().min(0),
  /** GB. */
  space: z.number().min(0),
  os_name: z.string(),
  osid: z.string(),
  boot: z.enum(vpsBootOrders),
  /** File name of the ISO in the first CD drive, '' when none. */
  iso: z.string(),
  /** File name of the ISO in the second CD drive, '' when none. */
  sec_iso: z.string(),
  vm_status: vpsStatusSchema,
});
export type VpsDetail = z.infer<typeof vpsDetailSchema>;

export const vpsIsoUploadStatuses = ['queued', 'complete'] as const;
export type VpsIsoUploadStatus = (typeof vpsIsoUploadStatuses)[number];

/** An ISO of the customer (servers spec §3): queued while it downloads, then complete. */
export const vpsIsoSchema = z.object({
  id: z.number().int().positive(),
  /** The file name; it is what `insert` takes and what the detail's `iso` shows. */
  name: z.string(),
  uuid: z.string(),
  upload_status: z.enum(vpsIsoUploadStatuses),
});
export type VpsIso = z.infer<typeof vpsIsoSchema>;

/** An OS template a VPS can be reinstalled with (servers spec §3); custom ones have an osid starting custom_. */
export const vpsTemplateSchema = z.object({
  osid: z.string(),
  name: z.string(),
  type: z.enum(['custom', 'standard']),
  ssh_keys_allowed: z.boolean(),
});
export type VpsTemplate = z.infer<typeof vpsTemplateSchema>;

/**
 * Column positions of a usage row (servers spec §3): time at 1, CPU at 6, network in at 8, out at
 * 9, disk read at 10, write at 11. The full row is
 * [vpsid, time (epoch s), status (1 on), disk used (GB), inodes used, RAM used (MB), CPU (%),
 * CPU (% of one core), network in, network out, disk read, disk write (bytes per second)].
 */
export const VPS_STAT_COLUMNS = { time: 1, cpu: 6, netIn: 8, netOut: 9, read: 10, write: 11 } as const;
export const VPS_STAT_ROW_LENGTH = 12;

/** Five-minute usage samples of one month, oldest first. */
export const vpsStatsSchema = z.object({
  /** YYYYMM. */
  month: z.string().regex(/^\d{6}$/),
  rows: z.array(z.array(z.number()).length(VPS_STAT_ROW_LENGTH)),
});
export type VpsStats = z.infer<typeof vpsStatsSchema>;

/** What opens a console: the noVNC token and the VNC password, plus where the console listens. */
export const vpsVncSchema = z.object({
  token: z.string(),
  pass: z.string(),
  host: z.string(),
  port: z.number().int().positive(),
});
export type VpsVnc = z.infer<typeof vpsVncSchema>;

export const vpsResetPasswordResponseSchema = z.object({ password: z.string() });
export type VpsResetPasswordResponse = z.infer<typeof vpsResetPasswordResponseSchema>;

/** Polling of the VPS pages (servers spec §9), in milliseconds. */
export const VPS_POLL_MS = { detail: 30_000, isos: 30_000, templates: 30_000, stats: 60_000 } as const;

/** How many ISOs one account may keep at a time; each one takes space on the platform. */
export const VPS_ISO_LIMIT = 10;

/** Texts of the first-generation VPS API that the client may show as they are. */
export const VpsText = {
  isoUrlRequired: 'Please provide url!',
  bootOrderInvalid: 'The boot order must be cda or dca.',
  isoLimitReached: `You can keep at most ${VPS_ISO_LIMIT} ISOs. Delete one to add another.`,
  isoNotOwned: 'Please choose one of your downloaded ISOs.',
  isoStillDownloading: 'The ISO is still downloading; it can be deleted once it is complete.',
  isoInUse: Vps2Text.isoInUse,
} as const;

// Responses (servers spec §7; API.md "Paths the spec does not show" for the detail poll).

export const vpsDetailResponseSchema = z.object({ vps: vpsDetailSchema, billing: serviceListItemSchema });
export type VpsDetailResponse = z.infer<typeof vpsDetailResponseSchema>;
export const vpsIsoListResponseSchema = z.object({ isos: z.array(vpsIsoSchema) });
export type VpsIsoListResponse = z.infer<typeof vpsIsoListResponseSchema>;
export const vpsIsoAddResponseSchema = z.object({ message: z.string(), iso: vpsIsoSchema });
export type VpsIsoAddResponse = z.infer<typeof vpsIsoAddResponseSchema>;
export const vpsTemplateListResponseSchema = z.object({ templates: z.array(vpsTemplateSchema) });
export type VpsTemplateListResponse = z.infer<typeof vpsTemplateListResponseSchema>;

// Path parameters.

/** A month of usage rows, YYYYMM. */
export const vpsStatsParamsSchema = serviceIdParamsSchema.extend({
  month: z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'The month must be given as YYYYMM.'),
});
export const vpsIsoIdParamsSchema = z.object({
  id: idParam('Unknown ISO.'),
});

// Request bodies (servers spec §7).

/** Both generations take the same hostnames. */
export const vpsHostnameBodySchema = vps2HostnameRequestSchema;
export type VpsHostnameBody = z.infer<typeof vpsHostnameBodySchema>;
/** Both generations take ISO URLs alike. */
export const vpsIsoAddBodySchema = vps2IsoAddRequestSchema;
export type VpsIsoAddBody = z.infer<typeof vpsIsoAddBodySchema>;
/** File names of the ISOs for the primary and secondary CD drive; '' empties a drive. */
export const vpsInsertIsosBodySchema = z.object({
  iso: z.string({ error: 'Please choose the primary ISO.' }).max(255),
  sec_iso: z.string({ error: 'Please choose the secondary ISO.' }).max(255),
});
export type VpsInsertIsosBody = z.infer<typeof vpsInsertIsosBodySchema>;
export const vpsBootBodySchema = z.object({
  order: z.enum(vpsBootOrders, { error: VpsText.bootOrderInvalid }),
});
export type VpsBootBody = z.infer<typeof vpsBootBodySchema>;
export const vpsRebuildBodySchema = z
  .object({
    osid: z
      .string({ error: 'Please select an operating system.' })
      .trim()
      .min(1, 'Please select an operating system.')
      .max(64),
    password: z
      .string({ error: 'Please enter a password.' })
      .min(2, 'The password must be at least 2 characters.')
      .max(40, 'The password may not be greater than 40 characters.'),
    password_confirm: z.string({ error: 'Please confirm the password.' }),
  })
  .refine((body) => body.password === body.password_confirm, {
    path: ['password_confirm'],
    message: 'The passwords do not match.',
  });
export type VpsRebuildBody = z.infer<typeof vpsRebuildBodySchema>;
