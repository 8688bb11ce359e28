import { describe, expect, it } from "vitest";
import { APP_MODULES } from "../app.ts";
import { ORDER_EVENT_TYPES } from "./app-events.ts";

/** Every event and who hears it, from the modules' declarations: "module/listener (how)". */
function listeners(): Record<string, string[]> {
  const heard: Record<string, string[]> = {};
  for (const module of APP_MODULES) {
    for (const listener of module.on ?? []) {
      const how = [listener.within ? "in the transaction" : null, listener.handle ? "by a job" : null]
        .filter(Boolean)
        .join(", ");
      for (const event of listener.events)
        heard[event] = [...(heard[event] ?? []), `${module.name}/${listener.name} (${how})`];
    }
  }
  return heard;
}

describe("the events and their listeners", () => {
  it("are all declared by the modules, one place to see who hears what", () => {
    const mails = "orders/order-mails (by a job)";
    const platform = "webhooks/platform-webhooks (in the transaction)";
    const ticketMails = "support/ticket-mails (in the transaction)";
    expect(listeners()).toEqual({
      "order.placed": [mails],
      "order.paid": [mails, platform],
      "order.closed": [mails],
      "order.refunded": [mails, platform],
      "service.created": [platform],
      "service.renewed": [platform],
      "service.upgraded": [platform, "usage-alerts/usage-throttle-lift (in the transaction)"],
      "service.suspended": [platform],
      "service.unsuspended": [platform],
      "service.terminated": [platform],
      "certificate.issued": [platform],
      "certificate.renewed": [platform],
      "domain.added": [platform],
      "domain.verified": [platform],
      "domain.updated": [platform],
      "domain.removed": [platform],
      "usage.threshold": [platform],
      "attack.started": [platform],
      "attack.ended": [platform],
      "service.throttle": [platform],
      "cache.purge": [platform],
      "cache.prefetch": [platform],
      "ticket.created": [ticketMails, platform],
      "ticket.replied": [ticketMails, platform],
      "ticket.closed": [ticketMails, platform],
      "ticket.urgent": [ticketMails, platform],
    });
  });

  it("each module's name, queues and listeners are its own (no two share one)", () => {
    const names = APP_MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    const queues = APP_MODULES.flatMap((module) => [
      ...(module.jobs ?? []).map((job) => job.queue),
      ...(module.on ?? []).filter((listener) => listener.handle).map((listener) => listener.name),
    ]);
    expect(new Set(queues).size).toBe(queues.length);
    // Every order event is heard by someone (a new one with no listener would be announced for nothing).
    for (const type of ORDER_EVENT_TYPES) expect(listeners()[type]?.length).toBeGreaterThan(0);
  });
});
