import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizLead } from "../../db/schema.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const good = {
  name: "Trần Minh",
  email: "minh@example.vn",
  phone: "+84 28 7300 1234",
  address: "Quận 1, TP. Hồ Chí Minh",
  content: "Chúng tôi cần chống DDoS cho máy chủ game.",
  product: "ddos",
};
const apply = (payload: object, headers: Record<string, string> = {}, remoteAddress = "203.0.113.1") =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/lead/apply",
    headers: { host: "demo.localhost", ...headers },
    payload,
    remoteAddress,
  });
const leads = () => t.database.db.select().from(bizLead);

describe("POST /prod-api/lead/apply", () => {
  it("stores a lead with its product, site, agent code, language, address and browser", async () => {
    const response = await apply(good, { "accept-language": "vi", "user-agent": "Test browser" });
    expect(response.json()).toEqual({
      code: 200,
      msg: "Cảm ơn bạn! Chúng tôi đã nhận được đơn đăng ký và sẽ sớm liên hệ với bạn.",
    });
    const [lead] = await leads();
    expect(lead).toMatchObject({
      name: "Trần Minh",
      product: "ddos",
      agentCode: "LOTUS",
      language: "vi",
      ip: "203.0.113.1",
      userAgent: "Test browser",
      status: "new",
    });
    expect(lead?.siteId).toBeTypeOf("number");
  });

  it("names every field in trouble, in the caller's language, and stores nothing", async () => {
    const before = (await leads()).length;
    const response = await apply(
      { ...good, name: "", email: "not-mail", phone: "12" },
      { "accept-language": "zh-CN" },
      "203.0.113.2",
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg: "请输入姓名",
      data: { name: "请输入姓名", email: "邮箱格式不正确", phone: "手机号码格式不正确" },
      requestId: expect.any(String),
    });
    expect((await leads()).length).toBe(before);
  });

  it("asks the contact page's form to fill in a message", async () => {
    const response = await apply({ ...good, content: " ", kind: "contact" }, {}, "203.0.113.3");
    expect(response.json().data).toEqual({ content: "Please fill in your message" });
  });

  it("takes at most five a minute from one address", async () => {
    for (let i = 0; i < 5; i++) expect((await apply(good, {}, "198.51.100.7")).statusCode).toBe(200);
    const sixth = await apply(good, {}, "198.51.100.7");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toBe("Too many submissions from your network; please try again in a minute");
    expect((await apply(good, {}, "198.51.100.8")).statusCode).toBe(200); // another address
  });

  it("takes five, not more, when twenty arrive from one address at once", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(good, {}, "198.51.100.9")));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(15);
    expect((await leads()).filter((lead) => lead.ip === "198.51.100.9")).toHaveLength(5);
  });
});
