import { createHash, timingSafeEqual } from 'node:crypto';

/** Cryptomus's signature of a JSON text: md5 of its base64, followed by the payment API key. */
export const cryptomusSign = (json: string, apiKey: string): string =>
  createHash('md5')
    .update(Buffer.from(json).toString('base64') + apiKey)
    .digest('hex');

/**
 * Whether a webhook body carries Cryptomus's signature. Cryptomus signs the body without `sign`
 * as PHP's json_encode writes it, slashes escaped; JSON.stringify of the parsed body gives the
 * same text once its slashes are escaped too.
 */
export function hasCryptomusSignature(body: Record<string, unknown>, apiKey: string): boolean {
  const { sign, ...rest } = body;
  if (typeof sign !== 'string' || !/^[0-9a-f]{32}$/.test(sign)) return false;
  const expected = cryptomusSign(JSON.stringify(rest).replace(/\//g, '\\/'), apiKey);
  return timingSafeEqual(Buffer.from(sign), Buffer.from(expected));
}
