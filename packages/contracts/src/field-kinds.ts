import { type TString, Type } from "typebox";

/**
 * The kinds of field the API takes, so that every schema refuses the same things the same way:
 * text that the database and the console can hold, and numbers that fit their columns.
 *
 * The server also refuses a NUL character or a lone surrogate in any string it receives, whatever
 * the schema (apps/server/src/http/input-guard.ts); these kinds say more, per field.
 */

/**
 * One line of text (names, titles, codes, search words): no control characters (C0, DEL, C1),
 * no line or paragraph separators, no bidirectional overrides (they reorder what an operator
 * reads), no lone surrogates. A single character class, so a long value cannot make it backtrack.
 */
export const SINGLE_LINE_PATTERN = "^[^\\p{Cc}\\p{Cs}\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$";

/** Text of several lines (messages, notes, rich text): like a line, but tab, line feed and return are kept. */
export const MULTI_LINE_PATTERN = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\p{Cs}]*$";

/** The patterns above: a value that breaks one is refused as "contains control characters". */
export const TEXT_PATTERNS: readonly string[] = [SINGLE_LINE_PATTERN, MULTI_LINE_PATTERN];

type TextOptions = { minLength?: number; maxLength: number; description?: string; default?: string };

/** A single-line text field (see SINGLE_LINE_PATTERN); a length limit is required. */
export const SingleLine = (options: TextOptions): TString => Type.String({ ...options, pattern: SINGLE_LINE_PATTERN });

/** A multi-line text field (see MULTI_LINE_PATTERN); a length limit is required. */
export const MultiLine = (options: TextOptions): TString => Type.String({ ...options, pattern: MULTI_LINE_PATTERN });

/** The largest value of a PostgreSQL `integer` (int4, `serial`) column. */
export const INT4_MAX = 2_147_483_647;
/**
 * The largest `bigint` (int8, `bigserial`) value the server reads as a JavaScript number
 * (Drizzle's `mode: "number"`): 2^53 - 1, well inside int8.
 */
export const INT8_SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** The id of a record whose key is an `integer`/`serial` column (sites, users, roles, menus, …). */
export const Id = (options: { minimum?: number; description?: string } = {}) =>
  Type.Integer({ minimum: 1, ...options, maximum: INT4_MAX });

/** The id of a record whose key is a `bigint`/`bigserial` column (leads, orders, log entries). */
export const BigId = (options: { minimum?: number; description?: string } = {}) =>
  Type.Integer({ minimum: 1, ...options, maximum: INT8_SAFE_MAX });

/** A count or small number kept in an `integer` column (caps, uses, quantities). */
export const Int4 = (options: { minimum?: number; maximum?: number; default?: number } = {}) =>
  Type.Integer({ minimum: 0, ...options, maximum: Math.min(options.maximum ?? INT4_MAX, INT4_MAX) });

/** An amount of money in minor units (kept in `bigint` columns and the price lists). */
export const Amount = (options: { minimum?: number } = {}) =>
  Type.Integer({ minimum: 0, ...options, maximum: INT8_SAFE_MAX });

/** An order's number (digits: the date, then a random part; a service is named by its order's). */
export const ORDER_NO_PATTERN = "^[0-9]{8,32}$";
export const OrderNo = (): TString => Type.String({ pattern: ORDER_NO_PATTERN });
