import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  type Clock,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
  type Queue,
  type SendOptions,
} from "pg-boss";
import type { Database, Tx } from "../db/client.ts";

/** A running job says it is alive this often (halfway); one silent this long was on a dead process. */
const HEARTBEAT_SECONDS = 10;

/** pg-boss's clock: the system's, or a test's TestClock (time and timers moved by hand). */
export type JobClock = Clock;

/** How a queue's jobs are retried and how long one may run. */
export interface QueuePolicy {
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each next one (with jitter) when `backoff`. */
  retryDelaySeconds: number;
  backoff: boolean;
  /** The longest wait between two tries. */
  retryDelayMaxSeconds?: number;
  /** A try running longer than this is taken as failed (and retried). */
  expireInSeconds: number;
}

/** A scheduled sweep that fails is not retried: the next occurrence does the same work. */
export const SWEEP_POLICY: QueuePolicy = { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 600 };

export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>;

export interface QueueHealth {
  name: string;
  queued: number;
  active: number;
  failed: number;
  total: number;
}

/** Whether a stored queue already has every one of these settings. */
function sameSettings(stored: Queue, wanted: Omit<Queue, "name">): boolean {
  return Object.entries(wanted).every(([key, value]) => stored[key as keyof Queue] === value);
}

/**
 * The job runner: pg-boss on the server's own database (the embedded PGlite or PostgreSQL), in
 * every server process (no daemon to start). A job sent inside a transaction exists only if the
 * transaction commits (`sendIn`); jobs are retried with backoff, run once across processes, and
 * schedules (cron, minute resolution) fire once per occurrence whatever the number of processes.
 * Modules define their queues beside their services and register them in `jobs/` at start-up.
 */
export class JobRunner {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  readonly #queues = new Map<string, { policy: QueuePolicy; handler: JobHandler<never> }>();
  readonly #schedules: { queue: string; cron: string }[] = [];
  readonly #schedulesOn: boolean;
  readonly #retired: string[] = [];
  #started = false;

  /** Resolves at a quiet moment (requests first): handlers with long loops ask again between steps. */
  readonly whenQuiet: () => Promise<void>;

  /**
   * `whenQuiet` is awaited before each job: the server's requests come first (see
   * http/requests-in-flight.ts); tests and tools leave it out. Without `schedules`, the cron
   * schedules are not set (a test that does the scheduled work itself, at moments of its choosing).
   */
  constructor(
    database: Database,
    log: FastifyBaseLogger,
    clock?: JobClock,
    whenQuiet: () => Promise<void> = async () => {},
    { schedules = true }: { schedules?: boolean } = {},
  ) {
    this.#log = log;
    this.whenQuiet = whenQuiet;
    this.#schedulesOn = schedules;
    const store = database.jobStore;
    this.#boss = new PgBoss({
      ...("pglite" in store
        ? { db: fromPglite(store.pglite), backend: "pglite" as const }
        : { connectionString: store.connectionString, max: 4 }),
      schema: "pgboss",
      // Jobs wake their workers at once (LISTEN/NOTIFY); polling stays as the fallback.
      useListenNotify: true,
      // A job whose process died (its heartbeat stopped) is noticed within seconds and retried;
      // expiry and the queues' counts are checked as often.
      superviseIntervalSeconds: 10,
      monitorIntervalSeconds: 10,
      ...(clock ? { clock } : {}),
    });
    this.#boss.on("error", (error) => this.#log.error({ err: error }, "job runner"));
  }

  /** A queue and its handler; before `start`. */
  define<T>(name: string, policy: QueuePolicy, handler: JobHandler<T>): void {
    if (this.#started) throw new Error(`queue ${name} defined after the job runner started`);
    this.#queues.set(name, { policy, handler: handler as JobHandler<never> });
  }

  /** A cron schedule (minute resolution, UTC) that sends an empty job to a defined queue; before `start`. */
  schedule(queue: string, cron: string): void {
    if (!this.#queues.has(queue)) throw new Error(`schedule for the undefined queue ${queue}`);
    this.#schedules.push({ queue, cron });
  }

  /**
   * A schedule an earlier version made, removed at start: its jobs would be run by processes of the
   * earlier version still at work during a rolling upgrade, with that version's handler.
   */
  retireSchedule(queue: string): void {
    this.#retired.push(queue);
  }

  /** True once every queue has its worker (readiness). */
  get started(): boolean {
    return this.#started;
  }

  async start(): Promise<void> {
    await this.#boss.start();
    // The queues as stored, read at once: each is created, or updated when its policy changed
    // (one query instead of two per queue on every start).
    const stored = new Map((await this.#boss.getQueues([...this.#queues.keys()])).map((queue) => [queue.name, queue]));
    for (const [name, { policy, handler }] of this.#queues) {
      const options: Omit<Queue, "name"> = {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.backoff,
        ...(policy.retryDelayMaxSeconds ? { retryDelayMax: policy.retryDelayMaxSeconds } : {}),
        expireInSeconds: policy.expireInSeconds,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        notify: true,
      };
      const current = stored.get(name);
      if (!current) await this.#boss.createQueue(name, options);
      else if (!sameSettings(current, options)) await this.#boss.updateQueue(name, options);
      // Up to ten jobs a fetch, run side by side and settled one by one (a failed one is retried
      // alone). NOTIFY wakes the worker when a job is sent; a full batch fetches again at once; a
      // short poll backs NOTIFY up (a wake-up can be missed while a batch runs).
      await this.#boss.work<never>(
        name,
        {
          batchSize: 10,
          burstWhenBatchFull: true,
          perJobResults: true,
          pollingIntervalSeconds: 1,
          notifyPollingIntervalSeconds: 2,
        },
        async (batch) =>
          Promise.all(
            batch.map(async (job) => {
              try {
                await this.whenQuiet();
                await handler(job.data, job);
                return { id: job.id, status: "completed" as const };
              } catch (error) {
                return { id: job.id, status: "failed" as const, output: { message: String((error as Error).message) } };
              }
            }),
          ),
      );
    }
    if (this.#schedulesOn) for (const { queue, cron } of this.#schedules) await this.#boss.schedule(queue, cron);
    for (const queue of this.#retired) await this.#boss.unschedule(queue);
    this.#started = true;
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: 5_000 });
  }

  /** Sends a job that exists only if the caller's transaction commits. */
  async sendIn(tx: Tx, queue: string, data: object, options: SendOptions = {}): Promise<void> {
    await this.#boss.send(queue, data, { ...options, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
  }

  /** Sends jobs (one a datum, in one statement) that exist only if the caller's transaction commits. */
  async insertIn(tx: Tx, queue: string, data: object[]): Promise<void> {
    if (data.length === 0) return;
    await this.#boss.insert(
      queue,
      data.map((datum) => ({ data: datum })),
      { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) },
    );
  }

  /** Sends a job now. */
  async send(queue: string, data: object, options: SendOptions = {}): Promise<void> {
    await this.#boss.send(queue, data, options);
  }

  /** Each defined queue's jobs waiting, running and failed (Monitoring → Server status). */
  async health(): Promise<QueueHealth[]> {
    const queues = await this.#boss.getQueues([...this.#queues.keys()]);
    return queues.map((q) => ({
      name: q.name,
      queued: q.queuedCount,
      active: q.activeCount,
      failed: q.failedCount,
      total: q.totalCount,
    }));
  }
}
