const CLASSES = [
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'abcdefghijklmnopqrstuvwxyz',
  '0123456789',
  // The symbols of the reinstall password (servers spec §5).
  '!@#$^*_-+=?',
] as const;
const LEADS = CLASSES[0] + CLASSES[1];

/** A uniform integer in [0, below); the default draws from the browser's crypto source. */
export type Draw = (below: number) => number;

const cryptoDraw: Draw = (below) => {
  // Rejecting the top of the range keeps every value equally likely.
  const ceiling = 2 ** 32 - (2 ** 32 % below);
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= ceiling);
  return word[0]! % below;
};

/**
 * The password a reinstall dialog starts with (servers spec §5): a leading letter, then 3 to 4
 * characters of each class (upper, lower, digits, symbols) in shuffled order.
 */
export function generateRootPassword(draw: Draw = cryptoDraw): string {
  const chars: string[] = [];
  for (const pool of CLASSES) {
    const count = 3 + draw(2);
    for (let i = 0; i < count; i += 1) chars.push(pool[draw(pool.length)]!);
  }
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = draw(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return LEADS[draw(LEADS.length)]! + chars.join('');
}
