import { createHash } from 'node:crypto';
import { MAX_ID } from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';

/** The SQL type of a list's sort key: how its text in a cursor is read back. */
export type SortKeyType = 'text' | 'integer' | 'date' | 'timestamptz';

/** Which way a cursor pages from its boundary row. */
export type CursorDirection = 'next' | 'prev';

/** What a cursor holds: the boundary row's sort key (as PostgreSQL writes it) and id, and its place. */
export interface ListCursor {
  key: string | null;
  id: number;
  direction: CursorDirection;
  /** How many matches come before the first row of the page this cursor asks for (next), or before its boundary (prev). */
  at: number;
}

export const CURSOR_INVALID = 'The cursor is not valid for this list.';

/**
 * A short digest of everything that decides a list's order and rows (the list, sort, order,
 * filters and search): a cursor carries it, and is refused with any other.
 */
export function listFingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);
}

export function encodeCursor(fingerprint: string, cursor: ListCursor): string {
  const payload = [fingerprint, cursor.key, cursor.id, cursor.direction === 'next' ? 'n' : 'p', cursor.at];
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

// PostgreSQL's text forms of the key types, checked before they reach a cast: a cursor that does
// not fit is the caller's mistake (422), never a database error.
const keyForms: Record<SortKeyType, (key: string) => boolean> = {
  text: (key) => key.length <= 1000,
  integer: (key) => /^-?\d{1,10}$/.test(key) && Math.abs(Number(key)) <= MAX_ID,
  date: (key) => key === 'infinity' || key === '-infinity' || isCalendarDate(key),
  timestamptz: (key) => {
    const match = /^(\d{4}-\d{2}-\d{2}) \d{2}:[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.exec(key);
    return match !== null && isCalendarDate(match[1]!) && Number(key.slice(11, 13)) < 24;
  },
};

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Reads a cursor sent back by a client, or refuses it (422) when it is not this list's. */
export function decodeCursor(text: string, fingerprint: string, keyType: SortKeyType | null): ListCursor {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw AppError.invalid('cursor', CURSOR_INVALID);
  }
  if (!Array.isArray(payload) || payload.length !== 5) throw AppError.invalid('cursor', CURSOR_INVALID);
  const [mark, key, id, direction, at] = payload as unknown[];
  const keyFits = keyType === null ? key === null : typeof key === 'string' && keyForms[keyType](key);
  if (
    mark !== fingerprint ||
    !keyFits ||
    !Number.isSafeInteger(id) ||
    (id as number) < 1 ||
    (id as number) > MAX_ID ||
    (direction !== 'n' && direction !== 'p') ||
    !Number.isSafeInteger(at) ||
    (at as number) < 0
  ) {
    throw AppError.invalid('cursor', CURSOR_INVALID);
  }
  return {
    key: key as string | null,
    id: id as number,
    direction: direction === 'n' ? 'next' : 'prev',
    at: at as number,
  };
}
