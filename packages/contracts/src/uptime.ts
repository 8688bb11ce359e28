import { type Static, Type } from "typebox";
import { SingleLine } from "./field-kinds.ts";

/** How often a check may run: every minute at the most, once an hour at the least. */
export const MONITOR_INTERVALS = [60, 300, 600, 1800, 3600] as const;
/** The monitors a customer may keep unless System → Settings says otherwise (`sys.monitor.maxPerCustomer`). */
export const MONITORS_PER_CUSTOMER = 10;
export const MONITOR_METHODS = ["GET", "HEAD"] as const;
/** A monitor is reported down after this many failed checks in a row (and up again after one success). */
export const MONITOR_FAILURES_TO_ALERT = 2;

/** POST /prod-api/control/monitors, PUT /prod-api/control/monitors/{id}: a check as a customer writes it. */
export const MonitorBody = Type.Object(
  {
    name: SingleLine({ minLength: 1, maxLength: 100 }),
    /** http:// or https://; its host must resolve to public addresses only. */
    url: SingleLine({ minLength: 1, maxLength: 2000 }),
    method: Type.Union([Type.Literal("GET"), Type.Literal("HEAD")]),
    /** The status the answer must have (after redirects). */
    expectedStatus: Type.Integer({ minimum: 100, maximum: 599 }),
    /** Text the answer's body must contain (GET only); empty: none. */
    keyword: SingleLine({ maxLength: 200 }),
    intervalSeconds: Type.Union([
      Type.Literal(60),
      Type.Literal(300),
      Type.Literal(600),
      Type.Literal(1800),
      Type.Literal(3600),
    ]),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type MonitorBody = Static<typeof MonitorBody>;

export const MONITOR_STATES = ["pending", "up", "down", "paused"] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];

/** A monitor as the console lists it. */
export interface MonitorView extends MonitorBody {
  monitorId: number;
  state: MonitorState;
  lastCheckedAt: string | null;
  lastStatus: number | null;
  lastMs: number | null;
  lastError: string | null;
  /** Down since (the first failed check of the streak), when down. */
  downSince: string | null;
  /** Share of successful checks in the last 24 hours and 30 days (0–100), null before any check. */
  uptimeDay: number | null;
  uptimeMonth: number | null;
  /** The end of validity of the certificate the host served at the last https check. */
  certificateExpiresAt: string | null;
  createdAt: string;
}

export const MONITOR_RANGES = ["24h", "7d", "30d", "90d"] as const;
export type MonitorRange = (typeof MONITOR_RANGES)[number];
export const MonitorReportQuery = Type.Object({
  range: Type.Optional(Type.Union([Type.Literal("24h"), Type.Literal("7d"), Type.Literal("30d"), Type.Literal("90d")])),
});

/** One point of the response-time chart: each check (24 hours), each hour (7 and 30 days), each day (90 days). */
export interface MonitorPoint {
  at: string;
  /** Response time in ms (the average of the hour's successful checks); null when none succeeded. */
  ms: number | null;
  checks: number;
  failures: number;
}

export interface MonitorIncident {
  startedAt: string;
  endedAt: string | null;
  cause: string;
}

/** GET /prod-api/control/monitors/{id}/report: a monitor's figures over a range. */
export interface MonitorReport {
  monitor: MonitorView;
  range: MonitorRange;
  uptime: { day: number | null; week: number | null; month: number | null; range: number | null };
  /** Over the range: the average and 95th percentile of successful checks' response times. */
  averageMs: number | null;
  p95Ms: number | null;
  points: MonitorPoint[];
  incidents: MonitorIncident[];
}
