import { z } from 'zod';

// Reverse DNS of a service's addresses (servers spec §3 "rDNS entry", §5 "rDNS save", §7
// `GET/POST services/{id}/rdns`). One API for every kind of server: the server picks the backend
// from the service's platform, and `type` (when sent) must name that platform.

/** The client gives up on an rDNS lookup after this long (servers spec §9). */
export const RDNS_TIMEOUT_MS = 30_000;

/** Addresses with this prefix are internal: their rDNS is read-only and shows 'Internal IP'. */
export const INTERNAL_IP_PREFIX = '192.168.';
export const isInternalIp = (ip: string): boolean => ip.startsWith(INTERNAL_IP_PREFIX);

/** The platforms an rDNS request can name, as the `type` field: the service's provider. */
export const rdnsTypes = ['tenantos', 'proxmox', 'virtualizor'] as const;
export type RdnsType = (typeof rdnsTypes)[number];

/** At most this many addresses per request: more than any server of the catalogue holds. */
export const RDNS_MAX_ENTRIES = 256;
export const RDNS_TTL = { min: 60, max: 604_800 } as const;

export const RdnsText = {
  saved: 'Saved successfully.',
  saveFailed: 'There was an error saving rDNS.',
  noneToSave: 'There are no rDNS to save.',
  noIps: 'Please provide at least one IP address.',
  invalidIp: 'Please provide valid IP addresses.',
  duplicateIp: 'Each IP address may appear only once.',
  invalidHostname: 'Please enter a valid hostname, such as mail.example.com.',
  internalIp: 'Internal IP',
  notApplicable: 'N/A',
} as const;

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}\.?$/i;

/** A PTR target, or '' to remove the record. */
export const isValidRdnsHostname = (host: string): boolean => host === '' || HOSTNAME.test(host);

export const rdnsEntrySchema = z.object({
  ip: z.string(),
  /** The PTR hostname; empty when none is set. */
  host: z.string(),
  /** Seconds. */
  ttl: z.number().int(),
});
export type RdnsEntry = z.infer<typeof rdnsEntrySchema>;

const ipAddressSchema = z.union([z.ipv4(), z.ipv6()], { error: RdnsText.invalidIp });

const distinct = (ips: readonly string[]) => new Set(ips.map((ip) => ip.toLowerCase())).size === ips.length;

/** `ip_list` comes as one comma-separated value or repeated. */
const ipListQuerySchema = z
  .union([z.string(), z.array(z.string())], { error: RdnsText.noIps })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((ip) => ip.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(ipAddressSchema)
      .min(1, RdnsText.noIps)
      .max(RDNS_MAX_ENTRIES, `At most ${RDNS_MAX_ENTRIES} IP addresses per request.`)
      .refine(distinct, RdnsText.duplicateIp),
  );

/** `GET services/{id}/rdns?ip_list=...&type=...`. */
export const rdnsQuerySchema = z.object({
  ip_list: ipListQuerySchema,
  type: z.enum(rdnsTypes, { error: `The type must be one of ${rdnsTypes.join(', ')}.` }).optional(),
});
export type RdnsQuery = z.input<typeof rdnsQuerySchema>;

export const rdnsResponseSchema = z.object({ entries: z.array(rdnsEntrySchema) });
export type RdnsResponse = z.infer<typeof rdnsResponseSchema>;

/** `POST services/{id}/rdns`: parallel lists, one entry per IP; an empty hostname removes the record. */
export const rdnsSaveRequestSchema = z
  .object({
    ip_list: z
      .array(ipAddressSchema, { error: RdnsText.noneToSave })
      .min(1, RdnsText.noneToSave)
      .max(RDNS_MAX_ENTRIES, `At most ${RDNS_MAX_ENTRIES} rDNS entries per request.`)
      .refine(distinct, RdnsText.duplicateIp),
    hostname_list: z.array(z.string().trim().refine(isValidRdnsHostname, RdnsText.invalidHostname), {
      error: 'Every IP needs a hostname entry.',
    }),
    ttl_list: z
      .array(
        z
          .number()
          .int()
          .min(RDNS_TTL.min, `The TTL must be between ${RDNS_TTL.min} and ${RDNS_TTL.max} seconds.`)
          .max(RDNS_TTL.max, `The TTL must be between ${RDNS_TTL.min} and ${RDNS_TTL.max} seconds.`),
      )
      .optional(),
    type: z.enum(rdnsTypes, { error: `The type must be one of ${rdnsTypes.join(', ')}.` }).optional(),
  })
  .refine((body) => body.hostname_list.length === body.ip_list.length, {
    path: ['hostname_list'],
    message: 'Every IP needs a hostname entry.',
  })
  .refine((body) => !body.ttl_list || body.ttl_list.length === body.ip_list.length, {
    path: ['ttl_list'],
    message: 'Every IP needs a TTL entry.',
  });
export type RdnsSaveRequest = z.input<typeof rdnsSaveRequestSchema>;

export const rdnsSaveResponseSchema = z.object({
  message: z.string(),
  entries: z.array(rdnsEntrySchema),
});
export type RdnsSaveResponse = z.infer<typeof rdnsSaveResponseSchema>;
