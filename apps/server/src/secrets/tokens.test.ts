import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenSigner } from "./tokens.ts";

const SECRET = "a-token-secret-long-enough-for-the-tests-0123456789";

describe("session tokens", () => {
  afterEach(() => vi.useRealTimers());

  it("reads back what it signed, again and again, and refuses a token signed with another secret or altered", async () => {
    const signer = new TokenSigner(SECRET, 60_000);
    const token = await signer.sign({ userId: 7, sessionId: "s-1" });
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: "s-1" });
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: "s-1" });
    const other = new TokenSigner(`${SECRET}-other`, 60_000);
    expect(await other.verify(token)).toBeNull();
    const [header, payload, signature] = token.split(".");
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "1" }),
    );
    expect(await signer.verify(`${header}.${altered.toString("base64url")}.${signature}`)).toBeNull();
  });

  it("refuses a token once it has expired, even one it has already checked", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T00:00:00Z"), toFake: ["Date"] });
    const signer = new TokenSigner(SECRET, 60_000);
    const token = await signer.sign({ userId: 7, sessionId: "s-1" });
    expect(await signer.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date("2026-11-24T00:01:01Z"));
    expect(await signer.verify(token)).toBeNull();
    expect(await signer.verify(token)).toBeNull();
  });
});
