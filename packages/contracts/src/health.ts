import { type Static, Type } from "typebox";

export const Health = Type.Object({
  status: Type.Union([Type.Literal("up"), Type.Literal("down")]),
  database: Type.Union([Type.Literal("pglite"), Type.Literal("postgres")]),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});
export type Health = Static<typeof Health>;

/** Whether this process should receive traffic: its database answers, its schema is current, its jobs run. */
export const Readiness = Type.Object({
  status: Type.Union([Type.Literal("ready"), Type.Literal("not-ready")]),
  database: Type.Union([Type.Literal("up"), Type.Literal("down")]),
  migrations: Type.Object({ applied: Type.Integer(), expected: Type.Integer() }),
  jobs: Type.Union([Type.Literal("started"), Type.Literal("stopped")]),
});
export type Readiness = Static<typeof Readiness>;
