import { describe, expect, it } from "vitest";
import { balanceCover } from "./balance-cover";

describe("balanceCover", () => {
  const accounts = [
    { currency: "CNY", amount: 50_000 },
    { currency: "VND", amount: 0 },
  ];

  it("offers nothing without a balance in the order's currency (none, or zero)", () => {
    expect(balanceCover(accounts, "USD", 100)).toBeNull();
    expect(balanceCover(accounts, "VND", 100)).toBeNull();
  });

  it("covers an order up to the whole balance", () => {
    expect(balanceCover(accounts, "CNY", 50_000)).toEqual({ covers: true, balance: 50_000 });
  });

  it("says how much is missing for a larger order", () => {
    expect(balanceCover(accounts, "CNY", 73_940)).toEqual({ covers: false, balance: 50_000, missing: 23_940 });
  });
});
