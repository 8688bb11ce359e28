import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Job } from "pg-boss";
import type { AppConfig } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { EmitEvent } from "./events/app-events.ts";
import type { EventListener } from "./events/event-bus.ts";
import type { RequestsInFlight } from "./http/requests-in-flight.ts";
import type { JobRunner, QueuePolicy } from "./jobs/job-runner.ts";
import type { CaptchaService } from "./modules/auth/captcha.ts";
import type { SessionDirectory } from "./modules/auth/sessions.ts";
import type { TwoFactorService } from "./modules/auth/two-factor.ts";
import type { PriceLists } from "./modules/catalogue/price-lists.ts";
import type { HelpCentre } from "./modules/help/help-centre.ts";
import type { MailOutbox } from "./modules/mail/outbox.ts";
import type { MonthsSoFar } from "./modules/orders/months-so-far.ts";
import type { OrderPayments } from "./modules/orders/order-payments.ts";
import type { OrderStore } from "./modules/orders/order-store.ts";
import type { PaymentChannels } from "./modules/payments/payment-channel.ts";
import type { SiteDirectory } from "./modules/sites/site-directory.ts";
import type { ReplyAddresses } from "./modules/support/reply-address.ts";
import type { OutboundClient } from "./outbound/outbound-client.ts";
import type { RecordLookup } from "./outbound/record-lookup.ts";
import type { TokenSigner } from "./secrets/tokens.ts";

/**
 * What the app makes once and every module may use: the database and the clock, the job runner and
 * the one way to announce a change (`emitEvent`), the mail outbox, and the directories several
 * modules read (sites, sessions, price lists, payment channels, where new orders are written).
 */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The resolved token secret: modules derive their own keys from it. */
  tokenSecret: string;
  jobs: JobRunner;
  emitEvent: EmitEvent;
  inFlight: RequestsInFlight;
  mail: MailOutbox;
  sites: SiteDirectory;
  sessions: SessionDirectory;
  tokens: TokenSigner;
  /** The support desk's signed reply addresses (a ticket's mails are answered to one). */
  replies: ReplyAddresses;
  captcha: CaptchaService;
  twoFactor: TwoFactorService;
  priceLists: PriceLists;
  /** The help centre as pages and the ticket form read it; it hears of changes to articles. */
  help: HelpCentre;
  payments: PaymentChannels;
  /** The payment channels as orders ask them (the payments module's answer to orders' port). */
  orderPayments: OrderPayments;
  orders: OrderStore;
  /** This month's use of bandwidth packages (the overage module's answer to My services). */
  monthsSoFar: MonthsSoFar;
  outbound: OutboundClient;
  records: RecordLookup;
}

/** A queue of the module's and what runs its jobs (idempotent: a job may run twice). */
export interface QueueDeclaration<C> {
  queue: string;
  policy: QueuePolicy;
  run: (data: never, context: C, job: Job<never>) => Promise<void>;
}

/**
 * Everything a module adds to the server, in one place: its own services (made from the app's),
 * its routes, its queues and their schedules (cron, UTC, once per occurrence across processes),
 * the events it listens to, and what to close when the server stops.
 */
export interface ModuleDeclaration<S extends object> {
  name: string;
  services?: (app: AppContext) => S | Promise<S>;
  routes?: (server: FastifyInstance, context: AppContext & S) => Promise<void>;
  jobs?: QueueDeclaration<AppContext & S>[];
  schedules?: { queue: string; cron: string }[];
  /** Schedules an earlier version made, removed at start (see JobRunner.retireSchedule). */
  retiredSchedules?: string[];
  on?: EventListener<AppContext>[];
  close?: (context: AppContext & S) => void | Promise<void>;
}

/** A module as app.ts lists it. */
export type AppModule = ModuleDeclaration<object>;

export function defineModule<S extends object = object>(declaration: ModuleDeclaration<S>): AppModule {
  return declaration as unknown as AppModule;
}
