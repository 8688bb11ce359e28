import { describe, expect, it } from "vitest";
import { applyProblems, isPhoneNumber } from "./apply-rules.ts";

const good = {
  name: "Nguyễn Lan",
  email: "lan@example.vn",
  phone: "+84 28 7300 1234",
  address: "Quận 1, TP.HCM",
  content: "DDoS cho game",
};

describe("the apply form's rules", () => {
  it("accepts a complete form", () => {
    expect(applyProblems(good)).toEqual({});
  });

  it("names every missing field with its own message", () => {
    expect(applyProblems({ name: " ", email: "", phone: "", address: "", content: "" })).toEqual({
      name: "apply.enterName",
      email: "apply.enterEmail",
      phone: "apply.enterPhone",
      address: "apply.enterAddress",
      content: "apply.enterContent",
    });
  });

  it.each(["plain", "a@b", "a b@c.com", "@c.com", "a@.com"])("refuses the e-mail %s", (email) => {
    expect(applyProblems({ ...good, email }).email).toBe("apply.emailFormat");
  });

  it.each([
    "+86 138 0013 8000",
    "13800138000",
    "+62 21 5555 1234",
    "(028) 7300-1234",
    "+1 (415) 555-0100",
    "+44 20 7946 0958",
  ])("accepts the phone number %s", (phone) => expect(isPhoneNumber(phone)).toBe(true));

  it.each([
    "12345",
    "phone",
    "+86 138 0013 8000 1234 5678",
    "138-abc-0000",
    "++8613800138000",
  ])("refuses the phone number %s", (phone) => expect(isPhoneNumber(phone)).toBe(false));
});
