import { z } from 'zod';

/**
 * Tenantos answers as the adapter reads them. Every answer wraps its payload in `result`.
 * Numbers and flags are read leniently (Tenantos, a PHP application, sends 0/1, booleans or
 * numeric strings depending on the field and version); fields the panel does not use are
 * ignored.
 */

export const tenantosEnvelopeSchema = z.object({ result: z.unknown() });

const number = z.coerce.number();
/** 0/1, true/false or '0'/'1', read as a boolean. */
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1');
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

export const tenantosIpAssignmentSchema = z.object({
  ip: z.string(),
  primary_ip: flag.optional(),
  ipAttributes: z.object({ isIpv4: flag, isIpv6: flag }),
  subnetinformation: z.object({
    subnet: z.string(),
    cidr: number,
    gw: text,
    netmask: text,
    type: text,
  }),
});

const hardwareComponent = z.object({
  model: text.optional(),
  value: number.nullish(),
  valueType: text.optional(),
});

export const tenantosServerSchema = z.object({
  id: number,
  servername: text,
  hostname: text,
  nickname: text.optional(),
  primaryip: text,
  ipassignments: z.array(tenantosIpAssignmentSchema).nullish(),
  detailedHardwareInformation: z
    .object({
      cpu: hardwareComponent.nullish(),
      memory: hardwareComponent.nullish(),
      disk: hardwareComponent
        .extend({
          details: z.array(z.object({ size: number, type: text, model: text.optional() })).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  powerprovider: z.object({ type: z.string(), supportedFeatures: z.array(z.string()).nullish() }).nullish(),
  consoleprovider: z.object({ type: z.string() }).nullish(),
  tags: z.array(z.string()).nullish(),
});
export type TenantosServer = z.infer<typeof tenantosServerSchema>;

export const tenantosProfileSchema = z.object({
  id: number,
  name: z.string(),
  disklayouts: z.array(z.object({ id: number, name: z.string() })).nullish(),
  isRescue: flag.optional(),
  isPasswordResetProfile: flag.optional(),
  features: z.object({ set_root_password: flag.optional() }).nullish(),
});
export type TenantosProfile = z.infer<typeof tenantosProfileSchema>;

export const tenantosInstallStatusSchema = z.object({
  // Documented fields.
  running: flag.optional(),
  completed: flag.optional(),
  canCancelInstallation: flag.optional(),
  installProgress: z
    .array(z.object({ message: text.optional(), percent: number.nullish() }).loose())
    .nullish(),
  // Progress details beside them.
  active: flag.optional(),
  percent: number.nullish(),
  message: text.optional(),
  update_time: number.nullish(),
  cancellable: flag.optional(),
});
export type TenantosInstallStatus = z.infer<typeof tenantosInstallStatusSchema>;

export const tenantosPowerStatusSchema = z.string();

export const tenantosConsoleSchema = z.object({ accessUrl: z.string().url() });

const trafficSampleSchema = z.object({
  time: number,
  bwrate_in: number,
  bwrate_out: number,
  traffic_in: number,
  traffic_out: number,
});

export const tenantosNetworkStatsSchema = z.object({
  stats: z.array(trafficSampleSchema),
  summary: z.object({ traffic_in: number, traffic_out: number, total: number.optional() }),
});

export type TenantosNetworkStats = z.infer<typeof tenantosNetworkStatsSchema>;

export const tenantosRdnsSchema = z.array(
  z.object({ ip: z.string(), hostname: text, ttl: number.nullish() }),
);
export type TenantosRdnsRecord = z.infer<typeof tenantosRdnsSchema>[number];

/** Acknowledgements (`{"result": "..."}`): only their arrival matters. */
export const tenantosAckSchema = z.unknown();

/** Error answers: Laravel's `message`, with `errors` per field on validation failures. */
export const tenantosErrorSchema = z.object({ message: z.string().optional() }).loose();
