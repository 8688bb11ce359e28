import { type Static, Type } from "typebox";
import { ReconciliationSummary } from "./balance.ts";
import { PageQuery } from "./envelope.ts";
import { SingleLine } from "./field-kinds.ts";

/** A live session (system monitoring → online users). */
export const OnlineSessionView = Type.Object({
  sessionId: Type.String(),
  userName: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  loginAt: Type.String(),
  lastSeenAt: Type.String(),
  expiresAt: Type.String(),
});
export type OnlineSessionView = Static<typeof OnlineSessionView>;

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/** The login log's search: user name and address (parts of), outcome, and a range of days (UTC). */
export const LoginLogQuery = Type.Object({
  ...PageQuery,
  userName: Type.Optional(SingleLine({ maxLength: 64 })),
  ip: Type.Optional(SingleLine({ maxLength: 64 })),
  outcome: Type.Optional(Type.Union([Type.Literal("success"), Type.Literal("failure")])),
  beginTime: Type.Optional(Day),
  endTime: Type.Optional(Day),
});
export type LoginLogQuery = Static<typeof LoginLogQuery>;

/** One login attempt; `message` is its outcome's key (login_success, login_bad_credentials, ...). */
export const LoginLogView = Type.Object({
  logId: Type.Integer(),
  userName: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  success: Type.Boolean(),
  message: Type.String(),
  createdAt: Type.String(),
});
export type LoginLogView = Static<typeof LoginLogView>;

/** The server's health, as the server-status page shows it (bytes, seconds, percent). */
export const ServerStatusView = Type.Object({
  version: Type.String(),
  node: Type.String(),
  platform: Type.String(),
  hostName: Type.String(),
  startedAt: Type.String(),
  uptimeSeconds: Type.Number(),
  cpu: Type.Object({
    model: Type.String(),
    cores: Type.Integer(),
    /** The 1, 5 and 15 minute load averages (0 where the system has none). */
    loadAverage: Type.Array(Type.Number()),
    /** This process's share of one core since the previous sample. */
    processPercent: Type.Number(),
  }),
  memory: Type.Object({
    systemTotal: Type.Number(),
    systemFree: Type.Number(),
    processRss: Type.Number(),
    heapUsed: Type.Number(),
    heapTotal: Type.Number(),
  }),
  database: Type.Object({
    kind: Type.Union([Type.Literal("embedded"), Type.Literal("postgresql")]),
    healthy: Type.Boolean(),
    /** The round trip of a trivial query. */
    latencyMs: Type.Number(),
    sizeBytes: Type.Union([Type.Number(), Type.Null()]),
  }),
  sessions: Type.Integer(),
  /** Stored uploads: how many, their size, each customer's quota and who stores the most. */
  uploads: Type.Object({
    files: Type.Integer(),
    bytes: Type.Number(),
    quotaMb: Type.Integer(),
    topUsers: Type.Array(Type.Object({ userName: Type.String(), files: Type.Integer(), bytes: Type.Number() })),
  }),
  /** The last daily reconciliation of the balances (issue 41): null before the first. */
  balanceReconciliation: Type.Union([ReconciliationSummary, Type.Null()]),
  /** The job runner's queues: jobs waiting, running, failed (kept a while) and all kept. */
  jobs: Type.Array(
    Type.Object({
      name: Type.String(),
      queued: Type.Integer(),
      active: Type.Integer(),
      failed: Type.Integer(),
      total: Type.Integer(),
    }),
  ),
});
export type ServerStatusView = Static<typeof ServerStatusView>;

/** The operation log's search: user (part of), module, outcome and a range of days (UTC). */
export const OperLogQuery = Type.Object({
  ...PageQuery,
  userName: Type.Optional(SingleLine({ maxLength: 64 })),
  module: Type.Optional(Type.String({ maxLength: 32, pattern: "^[a-zA-Z]+$" })),
  /** unknown: the answer was never recorded (the change may have been made). */
  outcome: Type.Optional(Type.Union([Type.Literal("success"), Type.Literal("failure"), Type.Literal("unknown")])),
  beginTime: Type.Optional(Day),
  endTime: Type.Optional(Day),
});
export type OperLogQuery = Static<typeof OperLogQuery>;

/** One change asked of the API: who, which route and record, what was sent, the outcome, before and after. */
export const OperLogView = Type.Object({
  operId: Type.Integer(),
  module: Type.String(),
  route: Type.String(),
  target: Type.Record(Type.String(), Type.Unknown()),
  /** "" for a visitor. */
  userName: Type.String(),
  ip: Type.String(),
  /** 0: the answer was never recorded. */
  statusCode: Type.Integer(),
  error: Type.String(),
  body: Type.Unknown(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  costMs: Type.Integer(),
  createdAt: Type.String(),
});
export type OperLogView = Static<typeof OperLogView>;

/** Monitoring → Mail log: searched by recipient, event and status. */
export const MailLogQuery = Type.Object({
  ...PageQuery,
  recipient: Type.Optional(SingleLine({ maxLength: 254 })),
  event: Type.Optional(SingleLine({ maxLength: 48 })),
  status: Type.Optional(
    Type.Union([
      Type.Literal("queued"),
      Type.Literal("sent"),
      Type.Literal("retrying"),
      Type.Literal("failed"),
      Type.Literal("not_sent"),
    ]),
  ),
});
export type MailLogQuery = Static<typeof MailLogQuery>;

export const MailLogView = Type.Object({
  mailId: Type.Integer(),
  messageId: Type.String(),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  event: Type.String(),
  language: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  lastResponse: Type.String(),
  createTime: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  /**
   * The mail carries a one-time link (a password reset, an invitation, an address to confirm): it
   * is masked in every view, and sending it again mails its owner a new one.
   */
  oneTimeLink: Type.Boolean(),
});
export type MailLogView = Static<typeof MailLogView>;

/** One mail as it was rendered, its one-time links masked (whatever its status). */
export const MailMessageView = Type.Object({ ...MailLogView.properties, html: Type.String(), text: Type.String() });
export type MailMessageView = Static<typeof MailMessageView>;
