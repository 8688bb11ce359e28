import type { CaptchaChallenge } from "@rampart/contracts";
import type { Challenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveCaptchaChallenge } from "../../testing/captcha-solver.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ captchaEnabled: true });
});
afterAll(() => t.close());

/** What the browser does while the user drags the slider: fetch a challenge and solve it. */
async function solvedVerifyInfo() {
  return solveCaptchaChallenge(await freshChallenge());
}

async function freshChallenge(): Promise<CaptchaChallenge> {
  const response = await t.app.inject({ method: "GET", url: "/prod-api/auth/captcha?scene=nc_login" });
  expect(response.headers["cache-control"]).toBe("no-store");
  const offer = response.json().data as CaptchaChallenge;
  expect(offer.enabled).toBe(true);
  return offer;
}

const login = (verifyInfo: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/auth/admin/login",
    payload: { username: "admin", password: TEST_ADMIN_PASSWORD, verifyInfo },
  });

describe("the slider captcha", () => {
  it("lets a solved challenge through once", async () => {
    const verifyInfo = await solvedVerifyInfo();
    expect((await login(verifyInfo)).statusCode).toBe(200);
    const replay = await login(verifyInfo);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe("The verification failed or has expired; please slide again");
  });

  it("asks for the slider when the form sends none", async () => {
    const response = await login(undefined);
    expect(response.json()).toEqual({
      code: 400,
      msg: "Please slide to complete the verification first",
      requestId: expect.any(String),
    });
  });

  it("refuses a tampered solution, a forged signature and another scene", async () => {
    const good = await solvedVerifyInfo();
    const payload = JSON.parse(Buffer.from(good.token, "base64url").toString());
    const key: string = payload.solution.derivedKey;
    payload.solution.derivedKey = (key.startsWith("0") ? "1" : "0") + key.slice(1);
    const tampered = { ...good, token: Buffer.from(JSON.stringify(payload)).toString("base64url") };
    expect((await login(tampered)).statusCode).toBe(400);
    expect((await login({ ...good, sig: "0".repeat(64) })).statusCode).toBe(400);
    expect((await login({ ...good, scene: "nc_register" })).statusCode).toBe(400);
    // The untouched one still works: refusals did not use it up.
    expect((await login(good)).statusCode).toBe(200);
  });

  it("makes every solve cost a client hundreds of thousands of hash rounds", async () => {
    // The work is the PBKDF2 iterations of one attempt times the attempts the solver needs (its
    // counter counts from 0): a single SHA-256 per attempt, some 12,500 times, cost a bot 18 ms.
    for (let i = 0; i < 3; i++) {
      const offer = await freshChallenge();
      const { parameters } = offer.challenge as Challenge;
      expect(parameters.algorithm).toMatch(/^PBKDF2\//);
      const verifyInfo = await solveCaptchaChallenge(offer);
      const { solution } = JSON.parse(Buffer.from(verifyInfo.token, "base64url").toString());
      expect(parameters.cost * (solution.counter + 1)).toBeGreaterThanOrEqual(500_000);
    }
  });
});
