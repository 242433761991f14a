const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
/** The symbols of the reinstall password (servers spec §5). */
export const PASSWORD_SYMBOLS = '!@#$^*_-+=?';
export const PASSWORD_CLASSES = [UPPER, LOWER, DIGITS, PASSWORD_SYMBOLS] as const;
/** Characters per class, inclusive. */
export const PER_CLASS = { min: 3, max: 4 } as const;

/** A uniform integer in [0, maxExclusive). */
export type RandomInt = (maxExclusive: number) => number;

/** Unbiased: draws that would favour low values are thrown away. */
export const secureRandomInt: RandomInt = (maxExclusive) => {
  const limit = Math.floor(0x1_0000_0000 / maxExclusive) * maxExclusive;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % maxExclusive;
  }
};

/**
 * The password the reinstall form starts with (servers spec §5): one leading letter, then a
 * shuffled mix of upper-case, lower-case, digits and symbols, 3 to 4 of each. The lead is a
 * letter so that the password never starts with a character shells or consoles treat specially.
 */
export function generatePassword(random: RandomInt = secureRandomInt): string {
  const pick = (chars: string) => chars[random(chars.length)]!;
  const body = PASSWORD_CLASSES.flatMap((chars) => {
    const count = PER_CLASS.min + random(PER_CLASS.max - PER_CLASS.min + 1);
    return Array.from({ length: count }, () => pick(chars));
  });
  for (let i = body.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [body[i], body[j]] = [body[j]!, body[i]!];
  }
  return pick(UPPER + LOWER) + body.join('');
}
