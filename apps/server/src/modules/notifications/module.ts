import { defineModule } from "../../define-module.ts";
import { NoticeStreams } from "./notice-stream.ts";
import { keepNotice } from "./notices.ts";
import { notificationRoutes } from "./routes.ts";

/**
 * The notification centre (issue 43): every customer mail that is a notice is kept for them too
 * (in the mail's transaction), read from the console's bell and page, and announced live to their
 * open consoles on every process.
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
  close: async ({ streams }) => {
    await streams.stop();
  },
});
