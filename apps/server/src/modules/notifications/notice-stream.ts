import type { ServerResponse } from "node:http";
import type { Database } from "../../db/client.ts";
import { NOTICE_CHANNEL } from "./notices.ts";

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long; the browser opens a new one (its session checked again). */
export const STREAM_LIFETIME_MS = 5 * 60_000;

/**
 * The console's live notices (Server-Sent Events): each process hears NOTICE_CHANNEL (PostgreSQL
 * LISTEN/NOTIFY, so a notice made by any process behind the balancer reaches a browser connected
 * to any other) and tells that customer's open streams "notice"; the browser then reads its bell.
 */
export class NoticeStreams {
  readonly #database: Database;
  readonly #streams = new Map<number, Set<ServerResponse>>();
  #unlisten: (() => Promise<void>) | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(database: Database) {
    this.#database = database;
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(NOTICE_CHANNEL, (payload) => this.#tell(Number(payload)));
    this.#heartbeat = setInterval(() => {
      for (const streams of this.#streams.values()) for (const stream of streams) stream.write(": keep-alive\n\n");
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Ends every stream and stops listening (the server is stopping). */
  async stop(): Promise<void> {
    clearInterval(this.#heartbeat);
    for (const streams of this.#streams.values()) for (const stream of streams) stream.end();
    this.#streams.clear();
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => {});
  }

  /** Keeps a customer's open stream until it closes or its lifetime ends. */
  open(userId: number, stream: ServerResponse): void {
    stream.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
      // nginx passes the events on as they come rather than buffering them.
      "x-accel-buffering": "no",
    });
    stream.write("retry: 5000\n\n");
    const streams = this.#streams.get(userId) ?? new Set<ServerResponse>();
    this.#streams.set(userId, streams);
    streams.add(stream);
    const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
    lifetime.unref();
    stream.on("close", () => {
      clearTimeout(lifetime);
      const own = this.#streams.get(userId);
      own?.delete(stream);
      if (own?.size === 0) this.#streams.delete(userId);
    });
  }

  /** How many streams are open (the metrics, the tests). */
  get size(): number {
    let total = 0;
    for (const streams of this.#streams.values()) total += streams.size;
    return total;
  }

  #tell(userId: number) {
    for (const stream of this.#streams.get(userId) ?? []) stream.write("event: notice\ndata: {}\n\n");
  }
}
