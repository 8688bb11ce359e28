import { type Static, type TSchema, Type } from "typebox";

/** Every JSON answer of /prod-api: the HTTP status mirrors `code`. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** A page of rows: `{code, msg, rows, total}`. */
export interface PageEnvelope<T> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
}

/** Schema of `{code, msg, data}` around `data`, for route response declarations. */
export const Ok = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data });

/** Schema of `{code, msg, rows, total}` around one row. */
export const Page = <T extends TSchema>(row: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), rows: Type.Array(row), total: Type.Integer() });

export const ErrorBody = Type.Object({ code: Type.Integer(), msg: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;
