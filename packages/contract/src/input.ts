import { z } from 'zod';

/**
 * Rules for what a person or a client sends, shared by every request schema: numbers in JSON are
 * JSON numbers (never `true` read as 1 or `[203]` as 203), ids in a path or a query are digit
 * strings read once, and text carries no control characters where they mean nothing.
 */

export const INPUT_TEXT = {
  controlCharacters: 'The text may not contain control characters.',
  lineBreaks: 'The text must fit on one line.',
} as const;

/** Largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * C0 and C1 control characters other than tab, line feed and carriage return: no one types them,
 * and NUL is refused by PostgreSQL's text types. The API refuses them in every string it is sent.
 */
export const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;
/** Line breaks and tabs too, for fields that are one line by nature (names, titles). */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

/** Whether a string holds a character that {@link CONTROL_CHARACTERS} refuses. */
export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

/** A string for a one-line field: no control characters, tabs or line breaks. */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((text) => !hasControlCharacters(text), INPUT_TEXT.controlCharacters)
    .refine((text) => !LINE_BREAKS.test(text), INPUT_TEXT.lineBreaks);

/**
 * An id taken from a path or a query string: digits only (no sign, exponent, blank or leading
 * zero), parsed once into a number within the range of an id. Anything else is `message`, which
 * names the unknown thing, as a 404 would.
 */
export const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, message));

/** A positive integer id in a JSON body: a JSON number, nothing coerced into one. */
export const idNumber = (message: string, tooLarge = message) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, tooLarge);
