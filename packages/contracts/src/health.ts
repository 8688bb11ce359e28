import { type Static, Type } from "typebox";

export const Health = Type.Object({
  status: Type.Union([Type.Literal("up"), Type.Literal("down")]),
  database: Type.Union([Type.Literal("pglite"), Type.Literal("postgres")]),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});
export type Health = Static<typeof Health>;
