import { z } from 'zod';
import { idNumber, MAX_ID } from './input.ts';
import { serviceIdParamsSchema, serviceListItemSchema } from './services.ts';

/**
 * Shapes of the VPS v2 and storage-block pages' API (servers spec §3, §7, §9). Sizes are bytes,
 * times are ISO 8601 strings unless a field says epoch seconds.
 */

/** Backup schedule of VPS v2 (servers spec §9). */
export const VPS2_BACKUP_INTERVAL_HOURS = 72;
/** cda: hard disk first; dca: CD first (servers spec §9). */
export const vps2BootOrders = ['cda', 'dca'] as const;
export type Vps2BootOrder = (typeof vps2BootOrders)[number];
export const vps2StatsRanges = ['hour', 'day', 'week', 'month'] as const;
export type Vps2StatsRange = (typeof vps2StatsRanges)[number];

/** Polling of the VPS v2 and storage pages (servers spec §9), in milliseconds. */
export const VPS2_POLL_MS = {
  detail: 30_000,
  isos: 30_000,
  templates: 30_000,
  backups: 30_000,
  storageBlocks: 30_000,
  stats: 60_000,
  backupCountdown: 1_000,
} as const;

/** How many ISOs one account may keep on the VPS v2 platform at a time. */
export const VPS2_ISO_LIMIT = 10;
/** How many SSH keys one reinstall may carry. */
export const VPS2_SSH_KEYS_MAX = 20;

export const Vps2Text = {
  isoUrlRequired: 'Please provide url!',
  isoLimitReached: `You can keep at most ${VPS2_ISO_LIMIT} ISOs. Delete one to add another.`,
  isoStillDownloading: 'The ISO is still downloading; it can be deleted once it is complete.',
  isoInUse: 'This ISO is inserted in a server. Eject it from the CD drive first.',
  noServerForIsos: 'ISOs are available only with a VPS v2 you can manage.',
  templateNameEmpty: 'Template name cannot be empty.',
  templateNameChars: 'Template name can only contain letters, numbers, and underscores.',
  templateBeingCreated: 'Template is being created',
  templateNotReady: 'This template is not ready yet.',
  templateStillPending: 'This template is still being created; it can be deleted once it is done.',
  userTemplateLimit: 'User Template Limit Reached',
  diskLocationMismatch: 'Disk and VPS are not in the same location',
  storageBlockAccessDenied: "You don't have access to this storage block",
  diskSuspended: 'Disk is suspended',
  diskAttachedElsewhere: 'This storage block is attached to another server. Detach it first.',
  diskNotAttached: 'This storage block is not attached to a server.',
  upgradeSelectionRequired: 'Please select an upgrade option',
  upgradeOptionUnavailable: 'This upgrade option is not available for this server.',
  upgradeNotAvailable: 'This plan cannot be upgraded online. Please contact support.',
  serverNotRunning: 'The server is not running.',
  startToResetPassword: 'Start the server to reset its root password.',
  sshKeysNotAllowed: 'This operating system does not take SSH keys.',
  sshKeysUnknown: 'One or more of the selected SSH keys were not found.',
} as const;

export const vps2DetailSchema = z.object({
  /** The VM's id on the platform (Proxmox vmid). */
  id: z.number().int(),
  hostname: z.string(),
  status: z.enum(['running', 'stopped']),
  locked: z.boolean(),
  /** Why the VM is locked ('' when it is not). */
  locked_message: z.string(),
  cpus: z.number().int(),
  /** Bytes. */
  maxmem: z.number(),
  /** Bytes. */
  maxdisk: z.number(),
  /** Seconds. */
  uptime: z.number().int(),
  /** Share of the VM's CPUs in use, 0 to 1. */
  cpu: z.number(),
  bandwidth_usage: z.object({
    /** Traffic in and out since the start of the month, GB. */
    total_gb: z.number(),
    /** 0 means unlimited. */
    bandwidth_limit_gb: z.number(),
    percentage_used: z.number(),
  }),
  os_name: z.string(),
  osid: z.string(),
  ips: z.object({ ipv4: z.array(z.string()), ipv6: z.array(z.string()) }),
  config: z.object({
    boot: z.enum(vps2BootOrders),
    /** The ISO id in the secondary CD drive, or null. */
    ide0: z.string().nullable(),
    /** The ISO id in the primary CD drive, or null. */
    ide2: z.string().nullable(),
  }),
});
export type Vps2Detail = z.infer<typeof vps2DetailSchema>;

/** `GET services/vps/v2/{id}`: the server and its billing, polled together (servers spec §2). */
export const vps2DetailResponseSchema = z.object({ vps: vps2DetailSchema, billing: serviceListItemSchema });
export type Vps2DetailResponse = z.infer<typeof vps2DetailResponseSchema>;

export const vps2HostnameRequestSchema = z.object({
  hostname: z
    .string({ error: 'Please enter a hostname.' })
    .trim()
    .min(1, 'Please enter a hostname.')
    .max(253, 'The hostname may not be greater than 253 characters.')
    .regex(
      /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
      'The hostname may contain only letters, digits, hyphens and dots.',
    ),
});

export const vps2IsoSchema = z.object({
  id: z.string(),
  name: z.string(),
  uuid: z.string(),
  upload_status: z.enum(['queued', 'complete']),
});
export type Vps2Iso = z.infer<typeof vps2IsoSchema>;
export const vps2IsoListResponseSchema = z.object({ isos: z.array(vps2IsoSchema) });
export type Vps2IsoListResponse = z.infer<typeof vps2IsoListResponseSchema>;
/**
 * The URL's safety (public http(s) host, no characters that parsers read differently) is checked
 * by the server, which resolves the host. It is not trimmed here: what the check reads is what the
 * platform gets.
 */
export const vps2IsoAddRequestSchema = z.object({
  url: z
    .string({ error: Vps2Text.isoUrlRequired })
    .max(2048, 'The URL may not be longer than 2048 characters.')
    .refine((url) => url.trim() !== '', Vps2Text.isoUrlRequired),
});
export const vps2IsoAddResponseSchema = z.object({ message: z.string(), iso: vps2IsoSchema });
/** `DELETE services/vps/v2/iso/{id}`: the ISO's id, URL-encoded (it holds ':' and '/'). */
export const vps2IsoIdParamsSchema = z.object({
  id: z.string().trim().min(1, 'Unknown ISO.').max(400, 'Unknown ISO.'),
});

const driveSchema = z.string().max(400, 'Unknown ISO.').nullable().optional();
/** Absent leaves a drive as it is; null or '' empties it. */
export const vps2InsertIsoRequestSchema = z.object({ iso: driveSchema, sec_iso: driveSchema });
export type Vps2InsertIso = z.infer<typeof vps2InsertIsoRequestSchema>;
export const vps2BootRequestSchema = z.object({
  order: z.enum(vps2BootOrders, { error: 'The boot order must be cda or dca.' }),
});

export const vps2StatSampleSchema = z.object({
  /** Epoch seconds, end of the sample's interval. */
  time: z.number().int(),
  cpu: z.number(),
  /** Bytes per second. */
  diskread: z.number(),
  diskwrite: z.number(),
  netin: z.number(),
  netout: z.number(),
});
export type Vps2StatSample = z.infer<typeof vps2StatSampleSchema>;
export const vps2StatsResponseSchema = z.object({ stats: z.array(vps2StatSampleSchema) });
export const vps2StatsParamsSchema = serviceIdParamsSchema.extend({
  range: z.enum(vps2StatsRanges, { error: 'The range must be hour, day, week or month.' }),
});

/** The osid of a user template is its id with this prefix (servers spec §3 "OS template (VPS)"). */
export const VPS2_CUSTOM_OSID_PREFIX = 'custom_';

export const vps2OsTemplateSchema = z.object({
  /** Standard templates by id; custom ones prefixed custom_. */
  osid: z.string(),
  name: z.string(),
  type: z.enum(['custom', 'standard']),
  ssh_keys_allowed: z.boolean(),
});
export type Vps2OsTemplate = z.infer<typeof vps2OsTemplateSchema>;
export const vps2OsTemplateListResponseSchema = z.object({ templates: z.array(vps2OsTemplateSchema) });

/**
 * Reinstall. A custom template's osid carries the custom_ prefix (as the template list gives it);
 * `custom` says the same and may be left out. SSH keys are the account's keys, by id.
 */
export const vps2RebuildRequestSchema = z
  .object({
    osid: z
      .string({ error: 'Please select an operating system.' })
      .trim()
      .min(1, 'Please select an operating system.')
      .max(64, 'Unknown operating system.'),
    password: z
      .string({ error: 'Please enter a password.' })
      .min(2, 'The password must be at least 2 characters.')
      .max(40, 'The password may not be greater than 40 characters.'),
    password_confirm: z.string({ error: 'Please confirm the password.' }),
    custom: z.boolean({ error: 'custom must be true or false.' }).default(false),
    sshKeyIds: z
      .array(z.number({ error: 'Unknown SSH key.' }).int('Unknown SSH key.').positive('Unknown SSH key.'), {
        error: 'The SSH keys must be a list of key ids.',
      })
      .max(VPS2_SSH_KEYS_MAX, `At most ${VPS2_SSH_KEYS_MAX} SSH keys can be installed.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each SSH key may be chosen once.')
      .optional(),
  })
  .refine((r) => r.password === r.password_confirm, {
    path: ['password_confirm'],
    message: 'The passwords do not match.',
  });
export type Vps2RebuildRequest = z.infer<typeof vps2RebuildRequestSchema>;

export const vps2VncSchema = z.object({
  /** Ticket for the console websocket. */
  token: z.string(),
  /** VNC password. */
  pass: z.string(),
  port: z.number().int(),
});
export type Vps2Vnc = z.infer<typeof vps2VncSchema>;

/** `POST services/vps/v2/{id}/reset-password`: the new root password, shown once. */
export const vps2ResetPasswordResponseSchema = z.object({ password: z.string() });
export type Vps2ResetPasswordResponse = z.infer<typeof vps2ResetPasswordResponseSchema>;

export const vps2BackupSchema = z.object({
  volid: z.string(),
  /** Bytes. */
  size: z.number(),
  created_at: z.string(),
});
export type Vps2Backup = z.infer<typeof vps2BackupSchema>;
export const vps2BackupCheckResponseSchema = z.object({ isEnabled: z.union([z.literal(0), z.literal(1)]) });
export const vps2BackupListResponseSchema = z.object({ backups: z.array(vps2BackupSchema) });
export const vps2BackupScheduleResponseSchema = z.object({
  /** Epoch seconds of the next automatic backup, or null when automatic backups are off. */
  next_run: z.number().int().nullable(),
  interval_hours: z.number().int(),
});
export const vps2BackupVolumeRequestSchema = z.object({
  volid: z
    .string({ error: 'Please select a backup.' })
    .trim()
    .min(1, 'Please select a backup.')
    .max(400, 'Unknown backup.'),
});
export const vps2BackupToggleResponseSchema = z.object({
  message: z.string(),
  isEnabled: z.union([z.literal(0), z.literal(1)]),
});

export const vps2UserTemplateSchema = z.object({
  id: z.number().int(),
  custom_name: z.string(),
  created_at: z.string(),
  status: z.enum(['completed', 'pending', 'error']),
  /** Bytes. */
  size: z.number(),
});
export type Vps2UserTemplate = z.infer<typeof vps2UserTemplateSchema>;
export const vps2UserTemplateListResponseSchema = z.object({
  user_templates: z.array(vps2UserTemplateSchema),
});
export const vps2UserTemplateCreateRequestSchema = z.object({
  custom_name: z
    .string({ error: Vps2Text.templateNameEmpty })
    .trim()
    .min(1, Vps2Text.templateNameEmpty)
    .max(64, 'Template name may not be greater than 64 characters.')
    .regex(/^\w+$/, Vps2Text.templateNameChars),
});
export const vps2UserTemplateCreateResponseSchema = z.object({
  message: z.string(),
  user_template: vps2UserTemplateSchema,
});
export const vps2UserTemplateIdRequestSchema = z.object({
  id: z
    .number({ error: 'Please select a template.' })
    .int('Unknown template.')
    .positive('Unknown template.')
    .max(MAX_ID, 'Unknown template.'),
});
export const vps2UserTemplateInstallResponseSchema = z.object({ new_password: z.string() });

export const storageBlockDiskSchema = z.object({
  /** The storage service's id. */
  id: z.number().int(),
  disk_name: z.string(),
  /** Bytes. */
  size: z.number(),
  /** The service id of the VPS the disk is attached to, or null. */
  vm_whmcs_id: z.number().int().nullable(),
  location: z.string(),
});
export type StorageBlockDisk = z.infer<typeof storageBlockDiskSchema>;
export const storageBlockListResponseSchema = z.object({ disks: z.array(storageBlockDiskSchema) });
export const storageBlockDiskRequestSchema = z.object({
  disk_name: z
    .string({ error: 'Please select a storage block.' })
    .trim()
    .min(1, 'Please select a storage block.')
    .max(400, 'Unknown storage block.'),
});

/**
 * `GET services/storage/{id}` (the storage page; path not shown by the spec): the billing, the
 * disk as the platform reports it (null when the platform no longer has it), and the VPS it is
 * attached to, for 'Attached to' and its link to /services/vps/v2/{id}.
 */
export const storageDetailResponseSchema = z.object({
  billing: serviceListItemSchema,
  disk: storageBlockDiskSchema.nullable(),
  attached_to: z.object({ id: z.number().int(), domain: z.string() }).nullable(),
});
export type StorageDetailResponse = z.infer<typeof storageDetailResponseSchema>;

/** The chosen product's id; nothing chosen (absent, null, 0) is the spec's message. */
export const vps2UpgradeRequestSchema = z.object({
  pid: idNumber(Vps2Text.upgradeSelectionRequired, Vps2Text.upgradeOptionUnavailable),
});
export const vps2UpgradeResponseSchema = z.object({ success: z.boolean(), invoiceid: z.number().int() });
