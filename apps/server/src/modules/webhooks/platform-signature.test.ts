import { Webhook } from "standardwebhooks";
import { expect, it } from "vitest";
import { platformSignature, verifiesPlatformSignature } from "./platform-signature.ts";
import { newSigningSecret } from "./webhook-admin.ts";

it("signs and verifies as the Standard Webhooks library does", () => {
  const secret = newSigningSecret();
  const raw = JSON.stringify({ webhookId: 1, buckets: [] });
  const at = new Date();
  const timestamp = Math.floor(at.getTime() / 1000);
  const headers = (signature: string, ts = timestamp, id = "msg_1") => ({
    "webhook-id": id,
    "webhook-timestamp": String(ts),
    "webhook-signature": signature,
  });
  const theirs = new Webhook(secret).sign("msg_1", at, raw);
  const ours = platformSignature(secret, "msg_1", timestamp, raw);
  expect(ours).toBe(theirs);
  expect(verifiesPlatformSignature(secret, raw, headers(theirs))).toBe(true);
  expect(() => new Webhook(secret).verify(raw, headers(ours))).not.toThrow();
  expect(verifiesPlatformSignature(secret, raw, headers(`v1,bm9wZQ== ${theirs}`))).toBe(true);

  expect(verifiesPlatformSignature(newSigningSecret(), raw, headers(theirs))).toBe(false);
  expect(verifiesPlatformSignature(secret, `${raw} `, headers(theirs))).toBe(false);
  expect(verifiesPlatformSignature(secret, raw, headers(theirs, timestamp, "msg_2"))).toBe(false);
  expect(verifiesPlatformSignature(secret, raw, headers(theirs.replace("v1,", "v2,")))).toBe(false);
  expect(verifiesPlatformSignature(secret, raw, headers(""))).toBe(false);
  const stale = platformSignature(secret, "msg_1", timestamp - 301, raw);
  expect(verifiesPlatformSignature(secret, raw, headers(stale, timestamp - 301))).toBe(false);
  const ahead = platformSignature(secret, "msg_1", timestamp + 301, raw);
  expect(verifiesPlatformSignature(secret, raw, headers(ahead, timestamp + 301))).toBe(false);
  const almost = platformSignature(secret, "msg_1", timestamp - 290, raw);
  expect(verifiesPlatformSignature(secret, raw, headers(almost, timestamp - 290))).toBe(true);
});
