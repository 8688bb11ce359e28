import { expect, it, vi } from "vitest";
import { LONGEST_WAIT_MS, PACED_EVERY_MS, RequestsInFlight } from "./requests-in-flight.ts";

const LOOK_EVERY_MS = 20;

it("looks for a quiet moment only after the event loop has turned, so that requests just arrived are counted", async () => {
  const inFlight = new RequestsInFlight();
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  // Nothing in flight: quiet, but only once the requests waiting to be read had their turn. A job
  // looping over quick database work found the server quiet while it was starving it.
  await inFlight.whenQuiet();
  expect(turned).toBe(true);
});

it("lets background work that waited its longest go on one step at a time while the server stays busy", async () => {
  vi.useFakeTimers();
  try {
    const inFlight = new RequestsInFlight();
    const answering = Array.from({ length: 6 }, () => inFlight.started());
    let resumed = 0;
    // A batch of ten jobs begins waiting at once.
    for (let job = 0; job < 10; job++) void inFlight.whenQuiet().then(() => resumed++);
    await vi.advanceTimersByTimeAsync(LONGEST_WAIT_MS - LOOK_EVERY_MS);
    expect(resumed).toBe(0);
    await vi.advanceTimersByTimeAsync(LOOK_EVERY_MS);
    // Not all ten in one turn of the loop: one now, one more each PACED_EVERY_MS.
    expect(resumed).toBe(1);
    await vi.advanceTimersByTimeAsync(PACED_EVERY_MS);
    expect(resumed).toBe(2);
    await vi.advanceTimersByTimeAsync(PACED_EVERY_MS * 2);
    expect(resumed).toBe(4);
    // Quiet again: the rest go on at once.
    for (const end of answering) end();
    await vi.advanceTimersByTimeAsync(LOOK_EVERY_MS);
    expect(resumed).toBe(10);
  } finally {
    vi.useRealTimers();
  }
});
