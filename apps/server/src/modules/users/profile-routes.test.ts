import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "pham", password: "pham-pass-12" });
});
afterAll(() => t.close());

const info = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: "GET", url: "/prod-api/system/user/getInfo", headers })).json();

describe("the caller's own profile", () => {
  it("changes the name and contact details, visible in getInfo at once", async () => {
    const auth = await signIn(t.app, "pham", "pham-pass-12");
    const response = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile",
      headers: auth,
      payload: { nickName: "Phạm Minh", email: "minh@example.vn", phonenumber: "+84 90 123 4567" },
    });
    expect(response.statusCode).toBe(200);
    expect((await info(auth)).data.user).toMatchObject({
      nickName: "Phạm Minh",
      email: "minh@example.vn",
      phonenumber: "+84901234567",
    });
  });

  it.each([
    // Each field named in words (field-labels.ts), never by its wire name.
    [{ nickName: "", email: "", phonenumber: "" }, /^Display name is required$/],
    [{ nickName: "x", email: "not-mail", phonenumber: "" }, /^E-mail is not valid$/],
    [{ nickName: "x", email: "", phonenumber: "abc" }, /^Phone number is not valid$/],
  ])("refuses %j and changes nothing", async (payload, message) => {
    const auth = await signIn(t.app, "pham", "pham-pass-12");
    const before = (await info(auth)).data.user;
    const response = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile",
      headers: auth,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(message);
    expect((await info(auth)).data.user).toEqual(before);
  });

  it("ignores fields a user may not set (no mass assignment)", async () => {
    const auth = await signIn(t.app, "pham", "pham-pass-12");
    await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile",
      headers: auth,
      payload: {
        nickName: "Pham",
        email: "",
        phonenumber: "",
        roles: ["admin"],
        siteId: 1,
        status: "1",
        userName: "root",
      },
    });
    const { user, roles } = (await info(auth)).data;
    expect(roles).toEqual(["ROLE_DEFAULT"]);
    expect(user).toMatchObject({ userName: "pham", siteId: null, status: "0" });
  });

  it("changes the password with the current one and signs the other sessions out", async () => {
    const other = await signIn(t.app, "pham", "pham-pass-12");
    const auth = await signIn(t.app, "pham", "pham-pass-12");
    const change = (oldPassword: string, newPassword: string) =>
      t.app.inject({
        method: "PUT",
        url: "/prod-api/system/user/profile/updatePwd",
        headers: auth,
        payload: { oldPassword, newPassword },
      });
    expect((await change("wrong-pass-1", "fresh-pass-34")).json().msg).toBe("The current password is not correct");
    expect((await change("pham-pass-12", "short")).json().msg).toBe("The password must be 8 to 64 characters long");
    expect((await change("pham-pass-12", "pham-new-pass-1")).json().msg).toBe(
      "The password must not contain the user name",
    );
    expect((await change("pham-pass-12", "pham-pass-12")).json().msg).toMatch(/differ/);
    const done = await change("pham-pass-12", "fresh-pass-34");
    expect(done.statusCode).toBe(200);
    expect((await info(auth)).code).toBe(200);
    expect((await info(other)).code).toBe(401);
    await expect(signIn(t.app, "pham", "pham-pass-12")).rejects.toThrow();
    await signIn(t.app, "pham", "fresh-pass-34");
  });
});
