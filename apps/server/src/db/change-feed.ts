import type pg from "pg";

/**
 * Delivered to every subscriber when notifications may have been missed: the listening connection
 * was lost, or it is back after a gap. Whatever a subscriber keeps may be stale.
 */
export const ANYTHING_MAY_HAVE_CHANGED = "*";

type OnMessage = (payload: string) => void;

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

/**
 * PostgreSQL LISTEN for every change channel of this process, on one connection of its own.
 *
 * A notification reaches only the connections listening when it is sent, so a listener that is
 * down (PostgreSQL restarted, the network dropped the connection) hears nothing of what changes
 * meanwhile. When the connection goes, every subscriber is told ANYTHING_MAY_HAVE_CHANGED and
 * `live` turns false until a new connection listens again (retried with a growing, jittered delay);
 * then every subscriber is told once more, as the changes of the gap were missed. While not live,
 * caches keep things only briefly and sessions are read from the database: correctness never rests
 * on a notification arriving.
 */
export class ChangeFeed {
  readonly #connect: () => pg.Client;
  readonly #channels = new Map<string, Set<OnMessage>>();
  readonly #log: (message: string) => void;
  #client: pg.Client | undefined;
  #live = false;
  #closed = false;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: NodeJS.Timeout | undefined;

  constructor(connect: () => pg.Client, log: (message: string) => void = console.error) {
    this.#connect = connect;
    this.#log = log;
  }

  /** True while every notification reaches this process. */
  get live(): boolean {
    return this.#live;
  }

  /** Connects and listens; throws when PostgreSQL cannot be reached (the server does not start). */
  async start(): Promise<void> {
    await this.#open();
  }

  async subscribe(channel: string, onMessage: OnMessage): Promise<() => Promise<void>> {
    let subscribers = this.#channels.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.#channels.set(channel, subscribers);
      if (this.#client) await this.#client.query(`listen ${channel}`);
    }
    subscribers.add(onMessage);
    return async () => {
      const set = this.#channels.get(channel);
      if (!set?.delete(onMessage) || set.size > 0) return;
      this.#channels.delete(channel);
      if (this.#client && this.#live) await this.#client.query(`unlisten ${channel}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#live = false;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  async #open(): Promise<void> {
    const client = this.#connect();
    client.on("notification", (message) => {
      for (const onMessage of this.#channels.get(message.channel) ?? []) onMessage(message.payload ?? "");
    });
    client.on("error", (error) => this.#lost(client, error.message));
    client.on("end", () => this.#lost(client, "connection closed"));
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#live = true;
    this.#retryMs = FIRST_RETRY_MS;
  }

  #lost(client: pg.Client, reason: string): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    this.#live = false;
    client.end().catch(() => {});
    this.#log(`PostgreSQL change notifications lost (${reason}); reconnecting, caches are short-lived meanwhile`);
    this.#tellEveryone();
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    const delay = this.#retryMs * (0.5 + Math.random());
    this.#retryMs = Math.min(this.#retryMs * 2, LONGEST_RETRY_MS);
    this.#retryTimer = setTimeout(() => {
      this.#open().then(
        () => {
          if (!this.#live) return;
          this.#log("PostgreSQL change notifications are back");
          this.#tellEveryone();
        },
        () => {
          if (!this.#closed) this.#scheduleReconnect();
        },
      );
    }, delay);
    this.#retryTimer.unref();
  }

  #tellEveryone(): void {
    for (const subscribers of this.#channels.values()) {
      for (const onMessage of subscribers) onMessage(ANYTHING_MAY_HAVE_CHANGED);
    }
  }
}
