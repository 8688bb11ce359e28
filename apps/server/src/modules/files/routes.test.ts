import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysFile } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** The start of a Windows executable. */
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(200)]);

let t: TestApp;
let auth: { authorization: string };
let other: { authorization: string };

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "hoa", password: "hoa-pass-123" });
  await createUser(t.database.db, { userName: "quan", password: "quan-pass-123" });
  auth = await signIn(t.app, "hoa", "hoa-pass-123");
  other = await signIn(t.app, "quan", "quan-pass-123");
});
afterAll(() => t.close());

function multipart(files: { name: string; content: Buffer; field?: string }[], fields: Record<string, string> = {}) {
  const boundary = "----rampart-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (files: Parameters<typeof multipart>[0], fields?: Record<string, string>, headers = auth) => {
  const body = multipart(files, fields);
  return t.app.inject({
    method: "POST",
    url: "/prod-api/file/upload",
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const stored = async () => (await t.database.db.select({ id: sysFile.fileId }).from(sysFile)).length;

describe("POST /prod-api/file/upload", () => {
  it("keeps an image under a random name and serves it inert", async () => {
    const response = await upload([{ name: "../../etc/My Photo.PNG", content: PNG }]);
    expect(response.statusCode).toBe(200);
    const { url, size } = response.json().data;
    expect(url).toMatch(/^\/prod-api\/file\/[0-9a-f-]{36}\.png$/);
    expect(url).not.toContain("Photo");
    expect(size).toBe(PNG.length);
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it("takes documents as files, downloaded rather than shown", async () => {
    const response = await upload([{ name: "notes.txt", content: Buffer.from("Hello, Rampart. Xin chào.\n") }], {
      kind: "file",
    });
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: "GET", url: response.json().data.url });
    expect(served.headers["content-disposition"]).toMatch(/^attachment/);
  });

  it.each([
    ["a renamed executable", [{ name: "invoice.pdf", content: EXE }], { kind: "file" }, 400, /pdf/],
    ["an executable as an image", [{ name: "photo.jpg", content: EXE }], {}, 400, /png, jpg, jpeg/],
    ["an image where a document is asked", [{ name: "scan.png", content: PNG }], { kind: "file" }, 400, /doc, xls/],
    ["a binary file called .txt", [{ name: "readme.txt", content: EXE }], { kind: "file" }, 400, /format/],
    [
      "an oversized image",
      [{ name: "big.png", content: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }],
      {},
      413,
      /5 MB/,
    ],
    [
      "a second file in one request",
      [
        { name: "a.png", content: PNG },
        { name: "b.png", content: PNG },
      ],
      {},
      400,
      /cannot exceed 1/,
    ],
    ["no file at all", [], {}, 400, /Choose a file/],
  ])("refuses %s and keeps nothing", async (_what, files, fields, status, message) => {
    const before = await stored();
    const response = await upload(files, fields);
    expect(response.statusCode).toBe(status);
    expect(response.json().msg).toMatch(message);
    expect(await stored()).toBe(before);
  });

  it("needs a session", async () => {
    const body = multipart([{ name: "a.png", content: PNG }]);
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/file/upload",
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for an unknown or malformed file name", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/prod-api/file/00000000-0000-4000-8000-000000000000.png" }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/prod-api/file/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(404);
  });
});

describe("PUT /prod-api/system/user/profile/avatar", () => {
  it("sets the caller's avatar to an image they uploaded, and only that", async () => {
    const mine = (await upload([{ name: "me.png", content: PNG }])).json().data.url as string;
    const theirs = (await upload([{ name: "them.png", content: PNG }], {}, other)).json().data.url as string;
    const set = (avatar: string) =>
      t.app.inject({ method: "PUT", url: "/prod-api/system/user/profile/avatar", headers: auth, payload: { avatar } });
    expect((await set(theirs)).json().msg).toBe("The avatar must be an image you uploaded");
    expect((await set("https://evil.example/x.png")).statusCode).toBe(400);
    expect((await set(mine)).statusCode).toBe(200);
    const info = await t.app.inject({ method: "GET", url: "/prod-api/system/user/getInfo", headers: auth });
    expect(info.json().data.user.avatar).toBe(mine);
  });
});

describe("the storage quota of a customer", () => {
  it("refuses an upload past the quota, in the customer's language, and stores nothing; parallel uploads stay within it", async () => {
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const setQuota = (configValue: string) =>
      t.app.inject({
        method: "PUT",
        url: "/prod-api/system/config/sys.upload.quotaMb",
        headers: admin,
        payload: { configName: { en: "Storage per customer (MB)" }, configValue },
      });
    for (const bad of ["0", "-5", "lots", "1.5"]) expect((await setQuota(bad)).statusCode).toBe(400);
    expect((await setQuota("1")).statusCode).toBe(200);
    await createUser(t.database.db, { userName: "filler", password: "filler-pass-123" });
    const filler = await signIn(t.app, "filler", "filler-pass-123");
    const big = Buffer.concat([PNG, Buffer.alloc(400 * 1024)]);
    const before = await stored();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => upload([{ name: `part-${i}.png`, content: big }], {}, filler)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(413);
      expect(answer.json().msg).toBe(
        "Your storage is full: 0.8 MB of 1 MB used. Remove files you no longer need, or ask us for more",
      );
    }
    expect(await stored()).toBe(before + 2);
    const vi = await upload([{ name: "more.png", content: big }], {}, { ...filler, "accept-language": "vi" } as never);
    expect(vi.json().msg).toMatch(/^Bộ nhớ của bạn đã đầy: đã dùng 0\.8 MB trên 1 MB/);
    // Others are not affected by one customer's use.
    expect((await upload([{ name: "mine.png", content: big }], {}, other)).statusCode).toBe(200);
  });
});
