import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { fileRoutes } from "./routes.ts";
import { sweepUnreferencedUploads } from "./unreferenced-uploads.ts";

const SWEEP_UNREFERENCED_UPLOADS = "sweep-unreferenced-uploads";

/** Uploads; those nothing refers to are removed every hour. */
export const filesModule = defineModule({
  name: "files",
  routes: async (server, { db }) => {
    await server.register(fileRoutes, { db });
  },
  jobs: [
    {
      queue: SWEEP_UNREFERENCED_UPLOADS,
      policy: SWEEP_POLICY,
      run: async (_data, { db, now, log }) => {
        const removed = await sweepUnreferencedUploads(db, now());
        if (removed > 0) log.info({ removed }, "removed uploads nothing refers to");
      },
    },
  ],
  schedules: [{ queue: SWEEP_UNREFERENCED_UPLOADS, cron: "17 * * * *" }],
});
