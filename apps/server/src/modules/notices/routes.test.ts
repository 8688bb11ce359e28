import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysFile, sysMenu, sysNotice, sysRole, sysRoleMenu, sysSite } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
let demoSiteId = 0;
let attachmentUrl = "";

const body = (over: Record<string, unknown> = {}) => ({
  title: "Scheduled maintenance",
  noticeType: "announcement",
  content: "<p>The <strong>Hanoi</strong> nodes are upgraded on Saturday.</p>",
  attachments: [],
  siteId: null,
  status: "published",
  ...over,
});
const create = (headers: Record<string, string>, over: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: "/prod-api/system/notice", headers, payload: body(over) });
const published = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: "/prod-api/system/notice/published", headers })).json().data as {
    title: string;
    content: string;
  }[];
const count = async () => (await t.database.db.select({ id: sysNotice.noticeId }).from(sysNotice)).length;

beforeAll(async () => {
  t = await openTestApp();
  const db = t.database.db;
  const [demo] = await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  demoSiteId = demo!.siteId;
  await createUser(db, { userName: "nina", password: "nina-pass-12" });
  await createUser(db, { userName: "le_van", password: "levan-pass-12", siteId: demoSiteId });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.nina = await signIn(t.app, "nina", "nina-pass-12");
  as.levan = await signIn(t.app, "le_van", "levan-pass-12", { host: "demo.localhost" });
  as.lotus = await signInDemoSiteOperator(t.app, db);
  const fileId = randomUUID();
  await db.insert(sysFile).values({
    fileId,
    contentType: "application/pdf",
    extension: "pdf",
    size: 8,
    originalName: "plan.pdf",
    content: Buffer.from("%PDF-1.4"),
  });
  attachmentUrl = `/prod-api/file/${fileId}.pdf`;
});
afterAll(() => t.close());

describe("System → Notices", () => {
  it("keeps a notice's rich text without scripts, handlers, frames or foreign images", async () => {
    const response = await create(as.admin!, {
      content: [
        '<h2 onclick="steal()">Maintenance</h2>',
        "<script>alert(1)</script>",
        '<p>See <a href="javascript:alert(1)">this</a> and <a href="https://status.example/">the status page</a>.</p>',
        '<img src="x" onerror="alert(1)"><img src="https://cdn.example/map.png" alt="map">',
        '<iframe src="https://evil.example"></iframe><p style="color:red">Plain</p>',
      ].join(""),
      attachments: [{ name: "plan.pdf", url: attachmentUrl }],
    });
    expect(response.statusCode).toBe(200);
    const { content, attachments } = response.json().data;
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|iframe|style=/i);
    expect(content).toContain("<h2>Maintenance</h2>");
    expect(content).toContain(
      '<a href="https://status.example/" target="_blank" rel="noopener noreferrer nofollow">the status page</a>',
    );
    expect(content).toContain('<img src="https://cdn.example/map.png" alt="map" />');
    expect(content).not.toContain('src="x"');
    expect(attachments).toEqual([{ name: "plan.pdf", url: attachmentUrl }]);
  });

  it("shows published notices to the users of their site, and drafts to nobody", async () => {
    await create(as.admin!, { title: "Lotus only", siteId: demoSiteId });
    await create(as.admin!, { title: "Not yet", status: "draft" });
    const titles = (list: { title: string }[]) => list.map((n) => n.title);
    expect(titles(await published(as.levan!))).toEqual(["Lotus only", "Scheduled maintenance"]);
    expect(titles(await published(as.nina!))).toEqual(["Scheduled maintenance"]);
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const before = await count();
    const empty = await create(as.admin!, { content: "<p><script>x</script> </p>" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe("Write the notice's content");
    const noTitle = await create(as.admin!, { title: "   " });
    expect(noTitle.statusCode).toBe(400);
    const foreign = await create(as.admin!, { attachments: [{ name: "x.exe", url: "https://evil.example/x.exe" }] });
    expect(foreign.statusCode).toBe(400);
    const missing = await create(as.admin!, {
      attachments: [{ name: "gone.pdf", url: `/prod-api/file/${randomUUID()}.pdf` }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain("gone.pdf");
    expect(await count()).toBe(before);
  });

  it("keeps a site's operator to their site's notices, and customers out", async () => {
    const own = await create(as.lotus!, { title: "From Lotus", siteId: null });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.siteId).toBe(demoSiteId);
    const list = await t.app.inject({ url: "/prod-api/system/notice/list", headers: as.lotus });
    expect(list.json().rows.map((n: { title: string }) => n.title)).toEqual(["From Lotus", "Lotus only"]);
    const [global] = await t.database.db.select().from(sysNotice).where(eq(sysNotice.title, "Scheduled maintenance"));
    const edit = await t.app.inject({
      method: "PUT",
      url: `/prod-api/system/notice/${global!.noticeId}`,
      headers: as.lotus,
      payload: body({ title: "Hijacked" }),
    });
    expect(edit.statusCode).toBe(404);
    expect((await create(as.nina!)).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/prod-api/system/notice/list", headers: as.nina })).statusCode).toBe(403);
  });

  it("edits, unpublishes and deletes a notice", async () => {
    const [notice] = await t.database.db.select().from(sysNotice).where(eq(sysNotice.title, "From Lotus"));
    const edited = await t.app.inject({
      method: "PUT",
      url: `/prod-api/system/notice/${notice!.noticeId}`,
      headers: as.admin,
      payload: body({ title: "From Lotus (updated)", status: "draft", siteId: demoSiteId }),
    });
    expect(edited.json().data).toMatchObject({ title: "From Lotus (updated)", status: "draft", publishedAt: null });
    expect((await published(as.levan!)).map((n) => n.title)).not.toContain("From Lotus (updated)");
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/prod-api/system/notice/${notice!.noticeId}`,
      headers: as.admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.database.db.select().from(sysNotice).where(eq(sysNotice.noticeId, notice!.noticeId))).toEqual([]);
  });

  it("reaches an installation seeded before it existed, granted to operators as the seed grants it", async () => {
    const db = t.database.db;
    const perms = ["system:notice:list", "system:notice:add", "system:notice:edit", "system:notice:remove"];
    await db.delete(sysMenu).where(inArray(sysMenu.perms, perms));
    const migration = readFileSync(new URL("../../../drizzle/0012_notice_menus.sql", import.meta.url), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    const menus = await db.select().from(sysMenu).where(inArray(sysMenu.perms, perms));
    expect(menus.map((m) => m.perms).sort()).toEqual([...perms].sort());
    const [operator] = await db.select().from(sysRole).where(eq(sysRole.roleKey, "operator"));
    const granted = await db
      .select()
      .from(sysRoleMenu)
      .where(
        inArray(
          sysRoleMenu.menuId,
          menus.map((m) => m.menuId),
        ),
      );
    expect(granted.filter((g) => g.roleId === operator!.roleId)).toHaveLength(4);
    // Run twice, it adds nothing more.
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    expect(await db.select().from(sysMenu).where(inArray(sysMenu.perms, perms))).toHaveLength(4);
  });
});
