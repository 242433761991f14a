import { z } from 'zod';
import { singleLineText } from './input.ts';
import {
  LIST_CURSOR_MAX,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_PAGE_MAX,
  LIST_SEARCH_MAX,
  sortOrders,
} from './lists.ts';

/**
 * The query parameters and answer fields every list that grows without bound shares (services,
 * invoices, tickets). A list answers as the spec shows it until one of `limitnum`, `limitstart`
 * or `cursor` is sent; then it answers one page, with totals and cursors beside the spec's array.
 */

/** A count in a query string: digits only, read once into a number from `min` to `max`. */
export const countParam = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/** A yes/no flag in a query string: exactly `true` or `false`, nothing else read as either. */
export const flagParam = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false.` })
    .transform((value) => value === 'true');

/** `limitnum`, `limitstart`, `cursor` and `q`: the parameters that page and search a list. */
export const pagingParams = (pageMax: number = LIST_PAGE_MAX) => ({
  limitstart: countParam('limitstart must be a whole number of 0 or more.', 0, 1_000_000_000).optional(),
  limitnum: countParam(`limitnum must be a whole number from 1 to ${pageMax}.`, 1, pageMax).optional(),
  cursor: z
    .string({ error: 'The cursor is not valid for this list.' })
    .regex(/^[\w-]+$/, 'The cursor is not valid for this list.')
    .max(LIST_CURSOR_MAX, 'The cursor is not valid for this list.')
    .optional(),
  q: singleLineText()
    .max(LIST_SEARCH_MAX, `The search may be at most ${LIST_SEARCH_MAX} characters.`)
    .optional(),
});

/** `sort` among `columns` and `order`, for a list whose table sorts by column. */
export const sortParams = <const C extends readonly [string, ...string[]]>(columns: C) => ({
  sort: z.enum(columns, { error: `sort must be one of ${columns.join(', ')}.` }).optional(),
  order: z.enum(sortOrders, { error: 'order must be asc or desc.' }).optional(),
});

/** Whether a list query asks for one page rather than the whole list. */
export const isPagedQuery = (query: { limitstart?: number; limitnum?: number; cursor?: string }) =>
  query.limitstart !== undefined || query.limitnum !== undefined || query.cursor !== undefined;

/** The fields a paged answer adds beside the spec's array. */
export const pageFieldsSchema = z.object({
  /** How many rows match, on every page. */
  totalresults: z.number().int(),
  /** The position (from 0) of this page's first row among the matches. */
  startnumber: z.number().int(),
  /** How many rows this page holds. */
  numreturned: z.number().int(),
  /** Asks for the page after this one; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Asks for the page before this one; null on the first page. */
  prev_cursor: z.string().nullable(),
});

/** The OpenAPI text of the paging parameters, shared by every list route. */
export const PAGING_DESCRIPTION =
  'Without `limitnum`, `limitstart` and `cursor`, the whole list as the spec shows it. With any of them, one page ' +
  `(${LIST_DEFAULT_PAGE_SIZE} rows by default, \`limitnum\` up to the list's maximum) and, beside the list, ` +
  '`totalresults`, `startnumber`, `numreturned`, `next_cursor` and `prev_cursor`. `cursor` takes a previous ' +
  "answer's `next_cursor` or `prev_cursor` and is valid only with the same `sort`, `order`, filters and search " +
  '(otherwise 422); `limitstart` (an offset) is kept for older clients. `q` searches (at most ' +
  `${LIST_SEARCH_MAX} characters, case-insensitive). Flags take exactly \`true\` or \`false\`.`;
