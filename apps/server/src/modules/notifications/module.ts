import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { sendNoticeDigests } from "./notice-digests.ts";
import { NoticeStreams } from "./notice-stream.ts";
import { keepNotice } from "./notices.ts";
import { notificationRoutes } from "./routes.ts";

export const NOTICE_DIGESTS_QUEUE = "notice-digests";

/**
 * The notification centre (issue 43): every customer mail that is a notice is kept for them too
 * (in the mail's transaction), read from the console's bell and page, and announced live to their
 * open consoles on every process; every minute, once across processes, the hour's digests go out.
 */
export const notificationsModule = defineModule({
  name: "notifications",
  services: async ({ database, mail }) => {
    mail.defineNotices(keepNotice);
    const streams = new NoticeStreams(database);
    await streams.start();
    return { streams };
  },
  routes: async (server, { db, now, streams }) => {
    await server.register(notificationRoutes, { db, now, streams });
  },
  jobs: [
    {
      queue: NOTICE_DIGESTS_QUEUE,
      policy: SWEEP_POLICY,
      run: async (_data, { db, mail, now, log }) => {
        const sent = await sendNoticeDigests({ db, mail, now });
        if (sent > 0) log.info({ sent }, "notice digests mailed");
      },
    },
  ],
  schedules: [{ queue: NOTICE_DIGESTS_QUEUE, cron: "* * * * *" }],
  close: async ({ streams }) => {
    await streams.stop();
  },
});
