import { z } from 'zod';
import { UpstreamError } from '../upstream-error.ts';

/**
 * The parts of Virtualizor end-user API answers the client reads. Virtualizor sends most numbers
 * as strings and empty lists as `[]` where a filled one is an object, so the schemas coerce.
 */

const num = z.coerce.number();
const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

/** A PHP array: an object when it has keys, `[]` when empty. */
function phpMap<T extends z.ZodType>(value: T) {
  return z.union([z.record(z.string(), value), z.array(value)]).transform((map) => Object.values(map));
}

/** Refusals come as `error`, keyed by the field or reason; a list without keys is possible too. */
export const refusalAnswer = z.object({
  error: z
    .union([z.record(z.string(), z.string()), z.array(z.string())])
    .optional()
    .transform((errors) => (Array.isArray(errors) ? Object.fromEntries(errors.entries()) : (errors ?? {}))),
});

export const doneAnswer = z.object({
  done: z.union([z.record(z.string(), z.unknown()), z.literal(true), z.literal(1)]),
});

export const vpsmanageAnswer = z.object({
  info: z.object({
    status: num,
    uptime: num.optional(),
    ip: z.array(z.string()).optional(),
    vps: z.object({
      hostname: z.string(),
      osid: text,
      os_name: optionalText,
      iso: optionalText,
      sec_iso: optionalText,
      boot: optionalText,
      space: num,
      ram: num,
      cores: num,
      locked: optionalText,
      ips: z.union([z.record(z.string(), z.string()), z.array(z.string())]).optional(),
    }),
    cpu: z.object({ percent: num }),
    disk: z.object({ used_gb: num, limit_gb: num }),
    bandwidth: z.object({ used_gb: num, limit_gb: num }),
  }),
});
export type VpsmanageAnswer = z.infer<typeof vpsmanageAnswer>;

const isoRow = z.object({
  isoid: num,
  uuid: z.string(),
  iso: optionalText,
  filename: optionalText,
  size: num,
  downloaded: num,
  download_time: num.optional(),
});
export type IsoRow = z.infer<typeof isoRow>;

export const euisoAnswer = z.object({ isos: phpMap(isoRow).optional().default([]) });

const osRow = z.object({ osid: text, name: z.string(), distro: optionalText });
export type OsRow = z.infer<typeof osRow>;

/** `oslist` by virtualisation, then distribution, then osid. */
export const ostemplateAnswer = z.object({
  virt: z.string().optional(),
  oslist: z.record(z.string(), z.union([z.record(z.string(), phpMap(osRow)), z.array(z.unknown())])),
});

export const hvmsettingsAnswer = z.object({
  vps: z.object({ boot: optionalText, iso: optionalText, sec_iso: optionalText }),
});

export const vpsStatsAnswer = z.object({ vps_stats: z.array(z.array(num)).optional().default([]) });

export const vncAnswer = z.object({
  info: z.object({ ip: z.string(), port: num, password: z.string(), token: optionalText }),
});

/** An answer of `act` read with `schema`, or a 502 saying what came instead. */
export function parseAnswer<T extends z.ZodType>(act: string, schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unexpectedAnswer(act, body);
  return parsed.data;
}

/** A 502 for an answer of `act` that is not what Virtualizor sends (a proxy's page, a changed API). */
export function unexpectedAnswer(act: string, body: unknown): UpstreamError {
  const preview = (typeof body === 'string' ? body : (JSON.stringify(body) ?? '')).slice(0, 200);
  return new UpstreamError('virtualizor', 502, `act=${act} answered an unexpected shape: ${preview}`);
}
