import { randomInt } from 'node:crypto';

const CLASSES = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  // The symbols the panel's own generator uses (servers spec §5).
  '!@#$^*_-+=?',
] as const;
const LENGTH = 16;

function pick(pool: string): string {
  return pool[randomInt(pool.length)]!;
}

/**
 * A root password for a reset the customer did not choose: a letter first, then a shuffled mix
 * with at least three characters of every class. Look-alike characters are left out because the
 * customer may have to type it from the screen.
 */
export function generateRootPassword(): string {
  const rest: string[] = [];
  for (const pool of CLASSES) for (let i = 0; i < 3; i += 1) rest.push(pick(pool));
  const all = CLASSES.join('');
  while (rest.length < LENGTH - 1) rest.push(pick(all));
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return pick(CLASSES[0] + CLASSES[1]) + rest.join('');
}
