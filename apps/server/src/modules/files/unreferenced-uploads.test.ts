import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig, sysFile, sysSite } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import {
  holdUploads,
  sweepUnreferencedUploads,
  UNREFERENCED_UPLOAD_GRACE_MS,
  uploadIdsIn,
} from "./unreferenced-uploads.ts";

let t: TestApp;
let admin: { authorization: string };
const start = Date.parse("2026-11-25T08:00:00Z");
const hours = (n: number) => new Date(start + n * 3_600_000);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

/** An upload as the upload route stores it, made at `at`; answers its address. */
async function stored(ownerId: number | null, at: Date, extension = "png"): Promise<string> {
  const fileId = randomUUID();
  await t.database.db.insert(sysFile).values({
    fileId,
    ownerId,
    contentType: extension === "pdf" ? "application/pdf" : "image/png",
    extension,
    size: PNG.length,
    originalName: `file.${extension}`,
    content: PNG,
    createdAt: at,
  });
  return `/prod-api/file/${fileId}.${extension}`;
}
const stillThere = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(sysFile)
      .where(eq(sysFile.fileId, uploadIdsIn(url)[0]!))
  ).length === 1;

describe("the sweep of uploads nothing refers to", () => {
  it("removes them after the grace period and keeps every upload a record refers to", async () => {
    const customerId = await createUser(t.database.db, { userName: "mai", password: "Mai-pass-2026" });
    const mai = await signIn(t.app, "mai", "Mai-pass-2026");
    const adminId = await userIdOf(t.database.db, "admin");
    const avatar = await stored(customerId, hours(0));
    const attachment = await stored(adminId, hours(0), "pdf");
    const picture = await stored(adminId, hours(0));
    const logo = await stored(adminId, hours(0));
    const setting = await stored(adminId, hours(0));
    const abandoned = await stored(customerId, hours(0));
    const fresh = await stored(customerId, hours(20));

    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: "/prod-api/system/user/profile/avatar",
          headers: mai,
          payload: { avatar },
        })
      ).statusCode,
    ).toBe(200);
    const notice = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/notice",
      headers: admin,
      payload: {
        title: "Maintenance",
        noticeType: "notice",
        content: `<p>Tonight</p><p><img src="${picture}" alt="map"></p>`,
        attachments: [{ name: "plan.pdf", url: attachment }],
        siteId: null,
        status: "published",
      },
    });
    expect(notice.statusCode).toBe(200);
    await t.database.db.update(sysSite).set({ logo1: logo }).where(eq(sysSite.isDefault, true));
    await t.database.db.insert(sysConfig).values({
      configKey: "test.banner",
      configValue: setting,
      configName: { en: "Banner" },
    });

    // Not before the grace period: the abandoned upload stays a day.
    expect(await sweepUnreferencedUploads(t.database.db, hours(23))).toBe(0);
    expect(await sweepUnreferencedUploads(t.database.db, hours(25))).toBe(1);
    expect(await stillThere(abandoned)).toBe(false);
    for (const kept of [avatar, attachment, picture, logo, setting, fresh]) expect(await stillThere(kept)).toBe(true);
    // The fresh one goes in its turn, and a file no longer attached goes once the notice is saved without it.
    const noticeId = notice.json().data.noticeId;
    const edited = await t.app.inject({
      method: "PUT",
      url: `/prod-api/system/notice/${noticeId}`,
      headers: admin,
      payload: {
        title: "Maintenance",
        noticeType: "notice",
        content: `<p>Tonight</p><p><img src="${picture}" alt="map"></p>`,
        attachments: [],
        siteId: null,
        status: "published",
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(await sweepUnreferencedUploads(t.database.db, hours(48))).toBe(2);
    expect(await stillThere(attachment)).toBe(false);
    expect(await stillThere(fresh)).toBe(false);
    expect(await stillThere(picture)).toBe(true);

    // Saving a reference to an upload the sweep already removed is refused, in the user's language.
    const late = await t.app.inject({
      method: "PUT",
      url: `/prod-api/system/notice/${noticeId}`,
      headers: { ...admin, "accept-language": "zh-TW" },
      payload: {
        title: "Maintenance",
        noticeType: "notice",
        content: "<p>Tonight</p>",
        attachments: [{ name: "plan.pdf", url: attachment }],
        siteId: null,
        status: "published",
      },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toContain("plan.pdf");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "leaves an upload that a save is holding, on PostgreSQL where the two run at once",
    async () => {
      const url = await stored(null, hours(0));
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding!: () => void;
      const isHeld = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const save = t.database.db.transaction(async (tx) => {
        await holdUploads(tx, uploadIdsIn(url), "notice_image_missing");
        holding();
        await held;
      });
      await isHeld;
      expect(await sweepUnreferencedUploads(t.database.db, hours(100), UNREFERENCED_UPLOAD_GRACE_MS)).toBe(0);
      expect(await stillThere(url)).toBe(true);
      release();
      await save;
      expect(await sweepUnreferencedUploads(t.database.db, hours(100))).toBe(1);
    },
  );
});
