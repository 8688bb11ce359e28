import { type Static, type TSchema, Type } from "typebox";

/** Every JSON answer of /prod-api: the HTTP status mirrors `code`. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/**
 * A page of rows: `{code, msg, rows, total}`. A list with many rows may stop counting: then
 * `totalCapped` is true and there are more than `total` rows.
 */
export interface PageEnvelope<T> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
  totalCapped?: boolean;
}

/** Schema of `{code, msg, data}` around `data`, for route response declarations. */
export const Ok = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data });

/** Schema of `{code, msg, rows, total}` around one row (`totalCapped`: more than `total`). */
export const Page = <T extends TSchema>(row: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    rows: Type.Array(row),
    total: Type.Integer(),
    totalCapped: Type.Optional(Type.Boolean()),
  });

/** Every error answer: its code, a sentence in the caller's language, and the request's id for the log. */
export const ErrorBody = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  requestId: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** The page sizes a table offers (RuoYi's convention); 20 unless asked. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;

/** The paging part of a list's query: `pageNum` from 1, `pageSize` one of PAGE_SIZES. */
export const PageQuery = {
  pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(30), Type.Literal(50)], { default: 20 }),
};
