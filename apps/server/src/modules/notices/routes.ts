import { Id, NoticeBody, NoticeListQuery, NoticeView, Ok, Page } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { actorOf } from "../../http/actor.ts";
import { ok, page } from "../../http/envelope.ts";
import { createNotice, listNotices, publishedNotices, removeNotice, updateNotice } from "./admin.ts";

const NoticeIdParams = Type.Object({ noticeId: Id() });

/**
 * System → Notices (system:notice:*): notices and announcements in rich text with attachments,
 * for every site or one (a site-bound operator's: their site's); and the published ones that a
 * signed-in user of a site reads on the control center.
 */
export async function noticeRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  app.get<{ Querystring: NoticeListQuery }>(
    "/prod-api/system/notice/list",
    {
      config: { access: { permission: "system:notice:list" } },
      schema: { querystring: NoticeListQuery, response: { 200: Page(NoticeView) } },
    },
    async (request) => {
      const { rows, total } = await listNotices(db, request.query, actorOf(request));
      return page(request, rows, total);
    },
  );

  app.get(
    "/prod-api/system/notice/published",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(Type.Array(NoticeView)) } } },
    async (request) => ok(request, await publishedNotices(db, principalOf(request).siteId)),
  );

  app.post<{ Body: NoticeBody }>(
    "/prod-api/system/notice",
    {
      config: { access: { permission: "system:notice:add" } },
      schema: { body: NoticeBody, response: { 200: Ok(NoticeView) } },
    },
    async (request) => {
      const actor = { ...actorOf(request), userName: principalOf(request).userName };
      const notice = await createNotice(db, request.body, actor, now());
      request.changed = { before: null, after: notice };
      return ok(request, notice);
    },
  );

  app.put<{ Params: { noticeId: number }; Body: NoticeBody }>(
    "/prod-api/system/notice/:noticeId",
    {
      config: { access: { permission: "system:notice:edit" } },
      schema: { params: NoticeIdParams, body: NoticeBody, response: { 200: Ok(NoticeView) } },
    },
    async (request) => {
      const change = await updateNotice(db, request.params.noticeId, request.body, actorOf(request), now());
      request.changed = change;
      return ok(request, change.after);
    },
  );

  app.delete<{ Params: { noticeId: number } }>(
    "/prod-api/system/notice/:noticeId",
    {
      config: { access: { permission: "system:notice:remove" } },
      schema: { params: NoticeIdParams, response: { 200: Ok(NoticeView) } },
    },
    async (request) => {
      const notice = await removeNotice(db, request.params.noticeId, actorOf(request));
      request.changed = { before: notice, after: null };
      return ok(request, notice);
    },
  );
}
