import { StripeError } from './errors.ts';
import type { Form, FormValue } from './form.ts';

/** Readers of one decoded request's parameters, each refusing a wrong type as Stripe does. */
export class Params {
  constructor(readonly form: Form) {}

  has(name: string): boolean {
    return this.form[name] !== undefined && this.form[name] !== '';
  }

  string(name: string): string | undefined {
    const value = this.form[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw StripeError.invalid(name, `Invalid string: ${name}`);
    return value;
  }

  requiredString(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw StripeError.required(name);
    return value;
  }

  integer(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!/^\d{1,12}$/.test(value)) throw StripeError.invalid(name, `Invalid integer: ${value}`);
    return Number(value);
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw StripeError.invalid(name, `Invalid boolean: ${value}`);
    return value === 'true';
  }

  object(name: string): Params {
    const value = this.form[name];
    if (value === undefined || value === '') return new Params({});
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw StripeError.invalid(name, `Invalid object: ${name}`);
    }
    return new Params(value);
  }

  strings(name: string): string[] {
    const value: FormValue | undefined = this.form[name];
    if (value === undefined || value === '') return [];
    const list = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [value];
    if (!list.every((item) => typeof item === 'string'))
      throw StripeError.invalid(name, `Invalid array: ${name}`);
    return list as string[];
  }

  /** `metadata[key]=value` pairs; an empty value removes a key, as on Stripe. */
  metadata(current: Record<string, string> = {}): Record<string, string> {
    const next = { ...current };
    for (const [key, value] of Object.entries(this.object('metadata').form)) {
      if (typeof value !== 'string') throw StripeError.invalid(`metadata[${key}]`, 'Invalid metadata value');
      if (value === '') delete next[key];
      else next[key] = value.slice(0, 500);
    }
    return next;
  }
}
