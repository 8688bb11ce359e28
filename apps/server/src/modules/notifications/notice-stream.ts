import type { ServerResponse } from "node:http";
import type { Database } from "../../db/client.ts";
import { NOTICE_CHANNEL } from "./notices.ts";

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** The streams one customer may have open (their console's tabs); the oldest ends for a new one. */
export const STREAMS_PER_USER = 5;
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
      for (const streams of this.#streams.values())
        for (const stream of streams) this.#write(stream, ": keep-alive\n\n");
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

  /**
   * Keeps a customer's open stream until it closes or its lifetime ends; a customer has a few at
   * most (one a console tab), their oldest ended when a new one would pass the limit.
   */
  open(userId: number, stream: ServerResponse): void {
    // Gone while its session was being checked: nothing to keep.
    if (stream.destroyed) return;
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
    if (streams.size >= STREAMS_PER_USER) this.#end(userId, streams.values().next().value!);
    streams.add(stream);
    const lifetime = setTimeout(() => this.#end(userId, stream), STREAM_LIFETIME_MS);
    lifetime.unref();
    // A reset connection is an error on the socket: the stream is over, the process goes on.
    stream.on("error", () => this.#forget(userId, stream));
    stream.on("close", () => {
      clearTimeout(lifetime);
      this.#forget(userId, stream);
    });
  }

  #forget(userId: number, stream: ServerResponse) {
    const own = this.#streams.get(userId);
    own?.delete(stream);
    if (own?.size === 0) this.#streams.delete(userId);
  }

  /** Ends a stream, out of the map first: nothing is written to it after its end. */
  #end(userId: number, stream: ServerResponse) {
    this.#forget(userId, stream);
    stream.end();
  }

  #write(stream: ServerResponse, text: string) {
    if (!stream.writableEnded && !stream.destroyed) stream.write(text);
  }

  /** How many streams are open (the metrics, the tests). */
  get size(): number {
    let total = 0;
    for (const streams of this.#streams.values()) total += streams.size;
    return total;
  }

  #tell(userId: number) {
    for (const stream of this.#streams.get(userId) ?? []) this.#write(stream, "event: notice\ndata: {}\n\n");
  }
}
