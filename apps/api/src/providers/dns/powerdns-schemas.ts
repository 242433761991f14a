import { z } from 'zod';

// The parts of PowerDNS Authoritative HTTP API answers the adapter reads; other fields pass unread.

/** A zone of GET /servers/{server}/zones. Its id is opaque but promised safe in URLs. */
export const pdnsZoneSummarySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9.=_-]+$/),
  name: z.string(),
});
export type PdnsZoneSummary = z.infer<typeof pdnsZoneSummarySchema>;

export const pdnsRecordSchema = z.object({
  content: z.string(),
  // Unset means enabled.
  disabled: z.boolean().default(false),
});

export const pdnsRrsetSchema = z.object({
  name: z.string(),
  type: z.string(),
  ttl: z.number().int().nonnegative(),
  records: z.array(pdnsRecordSchema),
});
export type PdnsRrset = z.infer<typeof pdnsRrsetSchema>;

/** GET /servers/{server}/zones/{zone_id}. */
export const pdnsZoneSchema = pdnsZoneSummarySchema.extend({
  rrsets: z.array(pdnsRrsetSchema).default([]),
});

/** Every PowerDNS error body. */
export const pdnsErrorSchema = z.object({ error: z.string() });

/** One RRset of a PATCH body. */
export type PdnsRrsetChange =
  | { name: string; type: 'PTR'; changetype: 'DELETE' }
  | {
      name: string;
      type: 'PTR';
      changetype: 'REPLACE';
      ttl: number;
      records: { content: string; disabled: boolean }[];
    };
