import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysFile } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const BOUNDARY = "----rampart-file-names";

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "hoa", password: "hoa-pass-123" });
  auth = await signIn(t.app, "hoa", "hoa-pass-123");
});
afterAll(() => t.close());

/** An upload whose file name is sent as these bytes (UTF-8, as browsers send it). */
const upload = (fileName: Buffer, language = "en") =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/file/upload",
    headers: { ...auth, "accept-language": language, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="`),
      fileName,
      Buffer.from('"\r\nContent-Type: image/png\r\n\r\n'),
      PNG,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
const stored = async () => (await t.database.db.select({ id: sysFile.fileId }).from(sysFile)).length;

describe("the name of an uploaded file", () => {
  it("is refused with 400 when it holds a NUL character, and nothing is stored", async () => {
    const response = await upload(Buffer.from("photo\u0000.png"), "zh-CN");
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("文件名包含无法保存的字符（NUL 字符或不成对的代理项）");
    expect(await stored()).toBe(0);
  });

  it("is refused when it holds control characters or a direction override", async () => {
    for (const name of ["photo\u0007.png", "photo\u001b[31m.png", "\u202egnp.exe.png"]) {
      const response = await upload(Buffer.from(name));
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe("File name contains control characters that are not allowed");
    }
    expect(await stored()).toBe(0);
  });

  it("is refused when longer than a notice's attachment can name", async () => {
    const response = await upload(Buffer.from(`${"n".repeat(252)}.png`));
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("File name must be at most 255 characters");
  });

  it("is kept as sent when it is a plain name in any script", async () => {
    const response = await upload(Buffer.from("Ảnh đại diện 头像.png"));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe("Ảnh đại diện 头像.png");
  });
});

describe("a malformed upload", () => {
  it("is answered with 400, not a failure of the server", async () => {
    const cut = await t.app.inject({
      method: "POST",
      url: "/prod-api/file/upload",
      headers: { ...auth, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().msg).toBe("The upload could not be read: it is not a complete multipart form");
    const noBoundary = await t.app.inject({
      method: "POST",
      url: "/prod-api/file/upload",
      headers: { ...auth, "content-type": "multipart/form-data" },
      payload: "--x\r\n",
    });
    expect(noBoundary.statusCode).toBe(400);
  });
});
