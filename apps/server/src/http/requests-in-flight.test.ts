import { expect, it } from "vitest";
import { RequestsInFlight } from "./requests-in-flight.ts";

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
