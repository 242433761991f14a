import { z } from 'zod';

/**
 * Parameter types with Proxmox VE's own checks and wording (its JSON schema validator): a client
 * that shows or parses `errors` sees what a real cluster would tell it. The checks run in
 * Proxmox's order: type, format, pattern, length, range, enumeration; the first failure is the
 * parameter's message. Format messages end with a newline, as Proxmox's do.
 */
export const MISSING = 'property is missing and it is not optional';

class Problem {
  constructor(readonly message: string) {}
}

/** A parameter: `check` turns the raw value (a form string, or a JSON value) into T or a Problem. */
function parameter<T>(check: (raw: unknown) => T | Problem) {
  return z.unknown().transform((raw, ctx): T => {
    const result = raw === undefined ? new Problem(MISSING) : check(raw);
    if (!(result instanceof Problem)) return result;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/** How Perl prints a value it complains about: scalars quoted, structures by their kind. */
function typeProblem(type: string, raw: unknown): Problem {
  if (Array.isArray(raw)) return new Problem(`type check ('${type}') failed - got ARRAY`);
  if (typeof raw === 'object' && raw !== null) return new Problem(`type check ('${type}') failed - got HASH`);
  return new Problem(`type check ('${type}') failed - got '${String(raw)}'`);
}

interface Range {
  min?: number;
  max?: number;
}

function rangeProblem(value: number, { min, max }: Range): Problem | undefined {
  if (max !== undefined && value > max) return new Problem(`value must have a maximum value of ${max}`);
  if (min !== undefined && value < min) return new Problem(`value must have a minimum value of ${min}`);
  return undefined;
}

/** A format check: answers why the value does not fit (Proxmox's message, without the prefix). */
export type Format = (value: string) => string | undefined;

interface StringRules {
  format?: Format;
  pattern?: RegExp;
  maxLength?: number;
  minLength?: number;
}

function checkString(value: string, rules: StringRules): Problem | undefined {
  const why = rules.format?.(value);
  if (why !== undefined) return new Problem(`invalid format - ${why}\n`);
  if (rules.pattern && !rules.pattern.test(value))
    return new Problem('value does not match the regex pattern');
  if (rules.maxLength !== undefined && value.length > rules.maxLength)
    return new Problem(`value may only be ${rules.maxLength} characters long`);
  if (rules.minLength !== undefined && value.length < rules.minLength)
    return new Problem(`value must be at least ${rules.minLength} characters long`);
  return undefined;
}

function scalarText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return undefined;
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.\d+|\d+\.|\.\d+|\d+)([eE][+-]?\d+)?$/;

export const pve = {
  string(rules: StringRules = {}) {
    return parameter((raw) => {
      const text = scalarText(raw);
      if (text === undefined) return typeProblem('string', raw);
      return checkString(text, rules) ?? text;
    });
  },

  integer(range: Range & { format?: Format } = {}) {
    return parameter((raw) => {
      const text = scalarText(raw);
      if (text === undefined || !INTEGER.test(text)) return typeProblem('integer', raw);
      const why = range.format?.(text);
      if (why !== undefined) return new Problem(`invalid format - ${why}\n`);
      const value = Number(text);
      return rangeProblem(value, range) ?? value;
    });
  },

  number(range: Range = {}) {
    return parameter((raw) => {
      const text = scalarText(raw);
      if (text === undefined || !NUMBER.test(text)) return typeProblem('number', raw);
      const value = Number(text);
      return rangeProblem(value, range) ?? value;
    });
  },

  /** `0`/`1` in forms and queries; JSON clients may send true/false. */
  boolean() {
    return parameter((raw) => {
      if (raw === true || raw === 1 || raw === '1') return true;
      if (raw === false || raw === 0 || raw === '0') return false;
      return typeProblem('boolean', raw);
    });
  },

  enum<const T extends readonly [string, ...string[]]>(values: T) {
    return parameter((raw) => {
      const text = scalarText(raw);
      if (text === undefined) return typeProblem('string', raw);
      if ((values as readonly string[]).includes(text)) return text as T[number];
      return new Problem(`value '${text}' does not have a value in the enumeration '${values.join(', ')}'`);
    });
  },

  /** Standard option `pve-vmid`: an integer whose digits look like a VM id (100 to 999999999). */
  vmid() {
    return pve.integer({ format: formats.vmid, min: 100, max: 999_999_999 });
  },

  /** Standard option `pve-node`. */
  node() {
    return pve.string({ format: formats.node });
  },

  /** Standard option `pve-storage-id`. */
  storage() {
    return pve.string({ format: formats.storageId });
  },
};

const DNS_NAME =
  /^(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const formats = {
  dnsName: (value: string) =>
    DNS_NAME.test(value) ? undefined : 'value does not look like a valid DNS name',
  vmid: (value: string) =>
    /^[1-9][0-9]{2,8}$/.test(value) ? undefined : 'value does not look like a valid VM ID',
  vmidList: (value: string) =>
    value.split(/[,;\s]+/).every((id) => /^[1-9][0-9]{2,8}$/.test(id))
      ? undefined
      : 'value does not look like a valid VM ID',
  node: (value: string) =>
    /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(value)
      ? undefined
      : 'value does not look like a valid node name',
  storageId: (value: string) =>
    /^[a-z][a-z0-9\-_.]*[a-z0-9]$/i.test(value)
      ? undefined
      : `storage ID '${value}' contains illegal characters`,
} satisfies Record<string, Format>;

/** Why a value does not fit a parameter type, in Proxmox's words; undefined when it fits. */
export function problemOf(type: z.ZodType, value: unknown): string | undefined {
  const parsed = type.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
