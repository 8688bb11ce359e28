import { NoticePreferencesBody, NotificationQuery, NotificationReadBody } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok, page } from "../../http/envelope.ts";
import { AppError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { NoticeStreams } from "./notice-stream.ts";
import { markNoticesRead, myNotices, noticeBell, noticePreferences, saveNoticePreferences } from "./notices.ts";

const signedIn = { access: "signed-in" as const };

/**
 * The signed-in user's notices: the list (by kind, unread), the bell, marking read, and the live
 * stream that says when a new one came. Every route reads the caller's own only.
 */
export async function notificationRoutes(
  app: FastifyInstance,
  { db, now, streams }: { db: Db; now: () => Date; streams: NoticeStreams },
) {
  app.get<{ Querystring: NotificationQuery }>(
    "/prod-api/notifications",
    { config: signedIn, schema: { querystring: NotificationQuery } },
    async (request) => {
      const { rows, total } = await myNotices(db, principalOf(request).userId, request.query);
      return page(request, rows, total);
    },
  );

  app.get("/prod-api/notifications/bell", { config: signedIn }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return ok(request, await noticeBell(db, principalOf(request).userId));
  });

  app.post<{ Body: NotificationReadBody }>(
    "/prod-api/notifications/read",
    { config: signedIn, schema: { body: NotificationReadBody } },
    async (request) =>
      ok(request, { read: await markNoticesRead(db, principalOf(request).userId, request.body.ids, now()) }),
  );

  app.get("/prod-api/notifications/preferences", { config: signedIn }, async (request) =>
    ok(request, await noticePreferences(db, principalOf(request).userId)),
  );

  app.put<{ Body: NoticePreferencesBody }>(
    "/prod-api/notifications/preferences",
    { config: signedIn, schema: { body: NoticePreferencesBody } },
    async (request) => {
      const saved = await saveNoticePreferences(db, principalOf(request).userId, request.body.mailOff);
      return { ...ok(request, saved), msg: translate(request.language, "notifications_preferences_saved") };
    },
  );

  /** Server-Sent Events: `notice` whenever the caller has a new one (read with fetch, which sends the token). */
  app.get(
    "/prod-api/notifications/stream",
    { config: { ...signedIn, rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (request, reply) => {
      // Only a reader of event streams (it says so) gets one: any other call is answered at once.
      if (!/text\/event-stream/.test(request.headers.accept ?? ""))
        throw new AppError(406, "notifications_stream_only");
      reply.hijack();
      streams.open(principalOf(request).userId, reply.raw);
    },
  );
}
