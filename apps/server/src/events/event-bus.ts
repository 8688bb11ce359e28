import type { Tx } from "../db/client.ts";
import type { JobRunner, QueuePolicy } from "../jobs/job-runner.ts";
import type { AppEvent, AppEventType, EventOf } from "./app-events.ts";

/** A listener's work failed (a database or mail hiccup): tried again a few times, close together. */
export const LISTENER_POLICY: QueuePolicy = {
  retryLimit: 10,
  retryDelaySeconds: 10,
  backoff: true,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 60,
};

/**
 * Who hears of which events, and how. `handle` runs after the change commits, as a job of the
 * listener's own queue (named after it: retried by its policy, once across processes, never
 * twice for one event when it is idempotent); `within` runs inside the change's transaction (an
 * outbox of its own that must number or mark things with the change: the platform's webhooks).
 */
export interface EventListener<C> {
  name: string;
  events: readonly AppEventType[];
  policy?: QueuePolicy;
  handle?: (event: never, context: C) => Promise<void>;
  within?: (tx: Tx, event: never, context: C) => Promise<void>;
}

/** A listener of these events, its handlers typed by them. */
export function listener<T extends AppEventType, C>(declared: {
  name: string;
  events: readonly T[];
  policy?: QueuePolicy;
  handle?: (event: EventOf<T>, context: C) => Promise<void>;
  within?: (tx: Tx, event: EventOf<T>, context: C) => Promise<void>;
}): EventListener<C> {
  return declared;
}

/** What an event's job carries: the event itself, snapshot and all. */
export interface EventJob {
  event: AppEvent;
}

/**
 * The one path of events: `emit` (the app's emitEvent) runs the listeners that act within the
 * change's transaction and, in the same transaction, sends each listener that acts afterwards one job
 * per event (a job exists only if the change commits).
 */
export class EventBus<C> {
  readonly #jobs: JobRunner;
  readonly #listeners: { module: string; listener: EventListener<C>; context: C }[] = [];

  constructor(jobs: JobRunner) {
    this.#jobs = jobs;
  }

  /** A module's listener, with the context its handlers take; before the job runner starts. */
  listen(module: string, listener: EventListener<C>, context: C): void {
    if (this.#listeners.some((l) => l.listener.name === listener.name))
      throw new Error(`two listeners named ${listener.name}`);
    this.#listeners.push({ module, listener, context });
    const { handle } = listener;
    if (handle) {
      this.#jobs.define<EventJob>(listener.name, listener.policy ?? LISTENER_POLICY, (data) =>
        handle(data.event as never, context),
      );
    }
  }

  readonly emit = async (tx: Tx, ...events: AppEvent[]): Promise<void> => {
    for (const { listener, context } of this.#listeners) {
      const heard = events.filter((event) => listener.events.includes(event.type));
      if (heard.length === 0) continue;
      if (listener.within) for (const event of heard) await listener.within(tx, event as never, context);
      if (listener.handle) {
        await this.#jobs.insertIn(
          tx,
          listener.name,
          heard.map((event): EventJob => ({ event })),
        );
      }
    }
  };
}
