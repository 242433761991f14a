import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { boundedMemo } from './bounded-memo.ts';

/** What became of a phone number as a person typed it. */
export type PhoneNumberReading =
  | { valid: true; international: string }
  /** `needs_country_code`: a national number, but no country (or one without a numbering plan) to read it for. */
  | { valid: false; reason: 'invalid' | 'needs_country_code' };

/** The country's numbering plan, when libphonenumber has one (Antarctica, for one, has none). */
const planOf = (country: string) => (isSupportedCountry(country) ? country : undefined);

/**
 * Reads a phone number for a country (ISO 3166-1 alpha-2) with the full metadata, so that a
 * number of the right length in an unassigned range is refused too. A national number is read in
 * the country's plan; one written with its own `+` country code may belong to another country
 * (a customer's mobile from abroad) and only has to be valid there. The international form
 * (`+1 212 555 0100`) is what is stored.
 */
export function readPhoneNumber(text: string, country: string): PhoneNumberReading {
  const plan = planOf(country);
  if (!plan && !text.trim().startsWith('+')) return { valid: false, reason: 'needs_country_code' };
  const number = parsePhoneNumberFromString(text, plan);
  if (!number?.isValid()) return { valid: false, reason: 'invalid' };
  return { valid: true, international: number.formatInternational() };
}

/**
 * Formatted numbers by country and stored text. Every `GET user` writes the number again and
 * parsing it with the full metadata costs more than the rest of the answer; the same few numbers
 * come back again and again.
 */
const formattedNumbers = boundedMemo((key) => {
  const [stored, country] = JSON.parse(key) as [string, string];
  const number = parsePhoneNumberFromString(stored, planOf(country));
  return number ? `+${number.countryCallingCode}.${number.nationalNumber}` : '';
}, 10_000);

/**
 * A stored number as the billing system writes `phonenumberformatted`: `+CC.NATIONAL`
 * (`+1.2125550100`); empty when there is none or it cannot be read.
 */
export function billingPhoneFormat(stored: string, country: string): string {
  if (!stored.trim()) return '';
  return formattedNumbers(JSON.stringify([stored, country]));
}
