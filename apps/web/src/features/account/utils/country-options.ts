import { COUNTRY_CODES } from '@rackdesk/contract';

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * The country choice (portal spec §3): every ISO 3166-1 code with its English name, ordered by
 * name. A saved code outside the list (an older record) stays choosable under its code, so that
 * opening the form does not blank it.
 */
export function countryOptions(saved = '', locale = 'en'): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const codes: string[] = [...COUNTRY_CODES];
  if (saved !== '' && !codes.includes(saved)) codes.push(saved);
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** A country code's English name, or the code itself when it names no country. */
export function countryName(code: string, locale = 'en'): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
}
