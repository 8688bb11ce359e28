import { describe, expect, it } from "vitest";
import { trialMailbox } from "./trial-mailbox.ts";

describe("the mailbox a free trial is counted against", () => {
  it("is one for every spelling that reaches it", () => {
    for (const address of [
      "x@example.com",
      "X@Example.COM",
      "x+1@example.com",
      "x+a+b@example.com",
      " x@example.com. ",
    ]) {
      expect(trialMailbox(address), address).toBe("x@example.com");
    }
    for (const address of ["m.a.i@gmail.com", "Mai+trial@GoogleMail.com", "m.ai@gmail.com"]) {
      expect(trialMailbox(address), address).toBe("mai@gmail.com");
    }
  });

  it("keeps what tells mailboxes apart", () => {
    expect(trialMailbox("m.ai@example.com")).toBe("m.ai@example.com");
    expect(trialMailbox("mai@gmail.co")).toBe("mai@gmail.co");
    // A name that is all sub-address, or no address at all, is taken as it is.
    expect(trialMailbox("+x@example.com")).toBe("+x@example.com");
    expect(trialMailbox("not-an-address")).toBe("not-an-address");
  });
});
