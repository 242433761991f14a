import { z } from 'zod';
import { idNumber, singleLineText } from './input.ts';
import { type RdnsEntry, rdnsEntrySchema, RDNS_TIMEOUT_MS } from './rdns.ts';
import { serviceListItemSchema } from './services.ts';

// Shapes of the dedicated server pages' API (servers spec §3 "Dedicated detail", "OS template
// (dedicated)", "Rebuild status", "Bandwidth stats", "rDNS entry"; calls in §7 "Dedicated").

/** Rebuild status is polled this often while a rebuild runs (servers spec §9). */
export const DEDICATED_REBUILD_POLL_MS = 5_000;
/** The rDNS lookup may take this long before the client gives up (servers spec §9). */
export const DEDICATED_RDNS_TIMEOUT_MS = RDNS_TIMEOUT_MS;

/**
 * What a power provider can do, named after Rackdesk's power calls (`POST .../power/{name}`).
 * The panel offers Reset BMC only when `resetBmc` is listed and the provider type is `ipmi`.
 */
export const dedicatedPowerFeatures = ['status', 'powerOn', 'powerOff', 'powerReset', 'resetBmc'] as const;
export type DedicatedPowerFeature = (typeof dedicatedPowerFeatures)[number];

export const dedicatedPowerActions = ['powerOn', 'powerOff', 'powerReset', 'resetBmc'] as const;
export type DedicatedPowerAction = (typeof dedicatedPowerActions)[number];

export const dedicatedIpAssignmentSchema = z.object({
  ip: z.string(),
  ipAttributes: z.object({ isIpv4: z.boolean(), isIpv6: z.boolean() }),
  subnetinformation: z.object({
    subnet: z.string(),
    cidr: z.number().int(),
    /** Gateway; empty when the subnet has none (internal networks). */
    gw: z.string(),
    netmask: z.string(),
    /** 'public' or 'private'. */
    type: z.string(),
  }),
});
export type DedicatedIpAssignment = z.infer<typeof dedicatedIpAssignmentSchema>;

export const dedicatedServerSchema = z.object({
  srv_id: z.number().int(),
  servername: z.string(),
  hostname: z.string(),
  /** Set by the customer (PATCH services/dedicated/{id} {hostname}); empty when never set. */
  nickname: z.string(),
  primaryip: z.string(),
  ipassignments: z.array(dedicatedIpAssignmentSchema),
  detailedHardwareInformation: z.object({
    cpu: z.object({ model: z.string() }),
    /** Memory in MB: GB is value / 1024, shown in TB from 1024 GB. */
    memory: z.object({ value: z.number() }),
    /** One entry per disk; size in GB, type HDD, SSD or NVMe. */
    disk: z.array(z.object({ size: z.number(), type: z.string() })),
  }),
  /** Null when the server has no remote power control: the panel shows 'IPMI Controls Unavailable'. */
  powerprovider: z
    .object({ type: z.string(), supportedFeatures: z.array(z.enum(dedicatedPowerFeatures)) })
    .nullable(),
  consoleprovider: z.object({ type: z.string() }).nullable(),
});
export type DedicatedServer = z.infer<typeof dedicatedServerSchema>;

/** `GET services/dedicated/{id}`. */
export const dedicatedDetailResponseSchema = z.object({
  billing: serviceListItemSchema,
  server: dedicatedServerSchema,
});
export type DedicatedDetailResponse = z.infer<typeof dedicatedDetailResponseSchema>;

/** `PATCH services/dedicated/{id}`: the field is called hostname but it sets the nickname. */
export const dedicatedNicknameRequestSchema = z.object({
  hostname: singleLineText({ error: 'Please enter a nickname.' })
    .trim()
    .max(255, 'The nickname may not be greater than 255 characters.'),
});
export type DedicatedNicknameRequest = z.input<typeof dedicatedNicknameRequestSchema>;
export const dedicatedNicknameResponseSchema = z.object({ message: z.string(), nickname: z.string() });
export type DedicatedNicknameResponse = z.infer<typeof dedicatedNicknameResponseSchema>;

const zeroOrOne = z.union([z.literal(0), z.literal(1)]);

export const dedicatedOsTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  disklayouts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  isRescue: zeroOrOne,
  isPasswordResetProfile: zeroOrOne,
  features: z.object({ set_root_password: z.boolean() }),
});
export type DedicatedOsTemplate = z.infer<typeof dedicatedOsTemplateSchema>;

/** Rescue mode offers only these templates (servers spec §5); the reinstall list excludes them. */
export const isRescueTemplate = (
  template: Pick<DedicatedOsTemplate, 'isRescue' | 'isPasswordResetProfile'>,
) => template.isRescue === 1 || template.isPasswordResetProfile === 1;

/** `GET services/dedicated/{id}/templates`. */
export const dedicatedTemplatesResponseSchema = z.object({ templates: z.array(dedicatedOsTemplateSchema) });
export type DedicatedTemplatesResponse = z.infer<typeof dedicatedTemplatesResponseSchema>;

/** Reinstall password bounds (servers spec §5: 2 to 40 on reinstall, 3 to 40 in rescue mode). */
export const DEDICATED_PASSWORD = { min: 2, rescueMin: 3, max: 40 } as const;

export type DedicatedRebuildKind = 'reinstall' | 'rescue';

/** The password length a rebuild of this kind accepts. */
export const dedicatedPasswordRange = (kind: DedicatedRebuildKind) => ({
  min: kind === 'rescue' ? DEDICATED_PASSWORD.rescueMin : DEDICATED_PASSWORD.min,
  max: DEDICATED_PASSWORD.max,
});

/** Texts of the reinstall and rescue rules, the same in the API's answers and in the forms. */
export const DedicatedRebuildText = {
  templateRequired: 'Please select a template!',
  templateUnknown: 'The selected template is not available for this server.',
  diskLayoutUnknown: 'The selected disk layout does not belong to this template.',
  passwordRequired: 'Please enter a password!',
  passwordLength: (kind: DedicatedRebuildKind) => {
    const { min, max } = dedicatedPasswordRange(kind);
    return `The password must be between ${min} and ${max} characters.`;
  },
  started: 'The OS reload has started.',
  rescueStarted: 'The server is booting into the rescue system.',
  stopped: 'Rebuild Cancelled',
} as const;
const passwordLength = DedicatedRebuildText.passwordLength('reinstall');

/** `POST services/dedicated/{id}/rebuild`: a reinstall, or rescue mode with a rescue template. */
export const dedicatedRebuildRequestSchema = z.object({
  template: idNumber('Please select a template!'),
  /** Omitted ('None') leaves the layout to the template. */
  disk_layout: idNumber('Unknown disk layout.').optional(),
  password: z
    .string()
    .min(DEDICATED_PASSWORD.min, passwordLength)
    .max(DEDICATED_PASSWORD.max, passwordLength)
    .optional(),
});
export type DedicatedRebuildRequest = z.infer<typeof dedicatedRebuildRequestSchema>;
export type DedicatedRebuildRequestBody = z.input<typeof dedicatedRebuildRequestSchema>;

/** `GET services/dedicated/{id}/rebuild/status`. */
export const dedicatedRebuildStatusSchema = z.object({
  active: z.boolean(),
  percent: z.number().min(0).max(100),
  message: z.string(),
  /** Epoch seconds of the last progress update; null when no rebuild ever ran. */
  update_time: z.number().int().nullable(),
  /** Whether 'Cancel Reinstall OS' may be used now. */
  cancellable: z.boolean(),
});
export type DedicatedRebuildStatus = z.infer<typeof dedicatedRebuildStatusSchema>;

export const dedicatedPowerStates = [
  'online',
  'offline',
  'starting',
  'stopping',
  'rebooting',
  'unknown',
] as const;
export type DedicatedPowerState = (typeof dedicatedPowerStates)[number];

/** `POST services/dedicated/{id}/power/status`: 'online' shows green, anything else red. */
export const dedicatedPowerStatusSchema = z.object({ status: z.enum(dedicatedPowerStates) });
export type DedicatedPowerStatus = z.infer<typeof dedicatedPowerStatusSchema>;

/** `POST services/dedicated/{id}/power/{powerOn|powerOff|powerReset|resetBmc}`. */
export const dedicatedPowerActionResponseSchema = z.object({ success: z.literal(true) });
export type DedicatedPowerActionResponse = z.infer<typeof dedicatedPowerActionResponseSchema>;

/** Why a power or console call is refused before it reaches the server's IPMI. */
export const DedicatedPowerText = {
  noPowerProvider: 'This server has no remote power control. Please contact support.',
  unsupported: 'The power provider of this server does not support this action.',
  resetBmcUnavailable: 'Reset BMC is available only for servers with IPMI.',
  noConsole: 'This server has no IPMI console. Please contact support.',
} as const;

/** Whether the IPMI Controls card offers Reset BMC (servers spec §4: ipmi providers that support it). */
export const canResetBmc = (server: Pick<DedicatedServer, 'powerprovider'>) =>
  server.powerprovider?.type === 'ipmi' && server.powerprovider.supportedFeatures.includes('resetBmc');

export const dedicatedConsoleModes = ['web', 'standard'] as const;
export type DedicatedConsoleMode = (typeof dedicatedConsoleModes)[number];

/** `GET services/dedicated/{id}/console?mode=web|standard`. */
export const dedicatedConsoleQuerySchema = z.object({
  mode: z.enum(dedicatedConsoleModes, { error: 'The mode must be web or standard.' }).default('web'),
});
export const dedicatedConsoleResponseSchema = z.object({ accessUrl: z.string().url() });
export type DedicatedConsoleResponse = z.infer<typeof dedicatedConsoleResponseSchema>;

/** Bandwidth graph ranges (servers spec §9), 24h by default. */
export const dedicatedBandwidthRanges = ['1h', '24h', '14days', '30days'] as const;
export type DedicatedBandwidthRange = (typeof dedicatedBandwidthRanges)[number];
export const DEFAULT_DEDICATED_BANDWIDTH_RANGE: DedicatedBandwidthRange = '24h';

/** `GET services/dedicated/{id}/bandwidth?mode=...`. */
export const dedicatedBandwidthQuerySchema = z.object({
  mode: z
    .enum(dedicatedBandwidthRanges, { error: 'The mode must be 1h, 24h, 14days or 30days.' })
    .default(DEFAULT_DEDICATED_BANDWIDTH_RANGE),
});

export const dedicatedBandwidthSampleSchema = z.object({
  /** Start of the sample, epoch seconds. */
  time: z.number().int(),
  /** Average rates over the sample, bit/s. */
  bwrate_in: z.number(),
  bwrate_out: z.number(),
  /** Bits transferred during the sample. */
  traffic_in: z.number(),
  traffic_out: z.number(),
});
export type DedicatedBandwidthSample = z.infer<typeof dedicatedBandwidthSampleSchema>;

export const dedicatedBandwidthResponseSchema = z.object({ stats: z.array(dedicatedBandwidthSampleSchema) });
export type DedicatedBandwidthResponse = z.infer<typeof dedicatedBandwidthResponseSchema>;

/** `GET services/dedicated/{id}/bandwidth/summary`: bits in and out since the start of the month (UTC). */
export const dedicatedBandwidthSummarySchema = z.object({ total: z.number() });
export type DedicatedBandwidthSummary = z.infer<typeof dedicatedBandwidthSummarySchema>;

/** An rDNS entry of a dedicated server: the shared shape of rdns.ts. */
export const dedicatedRdnsEntrySchema = rdnsEntrySchema;
export type DedicatedRdnsEntry = RdnsEntry;
