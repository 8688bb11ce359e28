import { APP_MODULES } from "../app.ts";
import type { AppContext } from "../define-module.ts";
import type { EmitEvent } from "../events/app-events.ts";
import { EventBus } from "../events/event-bus.ts";
import type { JobRunner } from "../jobs/job-runner.ts";
import { ReplyAddresses } from "../modules/support/reply-address.ts";
import { TEST_TOKEN_SECRET } from "./test-app.ts";

/**
 * The server's emitEvent with a test's own job runner: every module's listeners, as the app
 * assembles them (a test that runs a service's work itself, at moments of its choosing).
 */
export function emitEventAsTheServer(
  jobs: JobRunner,
  context: Pick<AppContext, "db" | "mail" | "now" | "log"> & Partial<Pick<AppContext, "replies">>,
): EmitEvent {
  const events = new EventBus<AppContext>(jobs);
  const whole = {
    replies: new ReplyAddresses(TEST_TOKEN_SECRET, "rampart.localhost", false),
    ...context,
    jobs,
    emitEvent: events.emit,
  } as AppContext;
  for (const module of APP_MODULES) for (const listener of module.on ?? []) events.listen(module.name, listener, whole);
  return events.emit;
}
