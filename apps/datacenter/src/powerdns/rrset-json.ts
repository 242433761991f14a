import { checkContent } from './record-rules.ts';
import { unprocessable } from './replies.ts';
import type { SimComment, SimRecord } from './state.ts';

/** Reading the RRset objects of PATCH and POST bodies, with PowerDNS's refusals. */

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// PowerDNS's JSON helpers (stringFromJson, intFromJson) refuse a missing or mistyped key in these words.
export function stringField(object: Json, key: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw unprocessable(`Key '${key}' not present or not a String`);
  return value;
}

export function ttlField(object: Json): number {
  const value = object.ttl;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw unprocessable(`Key 'ttl' not an Integer or not present`);
  }
  return value;
}

/** Adds a record to an RRset's records, refusing content the set already has (as PowerDNS compares it). */
export function addRecord(records: SimRecord[], name: string, type: string, record: SimRecord): void {
  if (records.some((other) => other.content.toLowerCase() === record.content.toLowerCase())) {
    throw unprocessable(`Duplicate record in RRset ${name} IN ${type} with content "${record.content}"`);
  }
  records.push(record);
}

export function parseRecords(name: string, type: string, items: unknown[]): SimRecord[] {
  const records: SimRecord[] = [];
  for (const item of items) {
    if (!isObject(item)) throw unprocessable(`Key 'content' not present or not a String`);
    const content = stringField(item, 'content');
    checkContent(name, type, content);
    addRecord(records, name, type, { content, disabled: item.disabled === true });
  }
  return records;
}

export function parseComments(items: unknown[], now: number): SimComment[] {
  return items.map((item) => {
    if (!isObject(item)) throw unprocessable(`Key 'content' not present or not a String`);
    const modifiedAt = item.modified_at;
    return {
      content: stringField(item, 'content'),
      account: typeof item.account === 'string' ? item.account : '',
      modified_at: typeof modifiedAt === 'number' ? modifiedAt : Math.floor(now / 1000),
    };
  });
}
