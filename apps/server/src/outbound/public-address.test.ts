import { describe, expect, it } from "vitest";
import { isAllowedAddress } from "./public-address.ts";

describe("the addresses Rampart may reach for a customer", () => {
  it("takes public IPv4 and global unicast IPv6", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"]) {
      expect(isAllowedAddress(address, false), address).toBe(true);
    }
  });

  it("refuses IPv6 outside global unicast, IPv4-compatible addresses and the special ranges inside 2000::/3", () => {
    for (const address of [
      "::7f00:1", // IPv4-compatible ::127.0.0.1
      "::a00:1", // ::10.0.0.1
      "::808:808", // ::8.8.8.8: deprecated form, refused whatever it carries
      "::",
      "::1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "100::1", // discard
      "4000::1", // outside 2000::/3, though ipaddr.js calls it unicast
      "64:ff9b:1::a00:1", // local-use NAT64
      "2001::5efe:7f00:1", // Teredo
      "2001:db8::1", // documentation
      "3fff::1", // documentation
      "2001:2::1", // benchmarking
      "2001:20::1", // ORCHIDv2
      "2620:4f:8000::1", // AS112
    ]) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
  });

  it("judges the IPv6 forms that carry an IPv4 address by that address", () => {
    const cases: [string, boolean][] = [
      ["::ffff:127.0.0.1", false],
      ["::ffff:169.254.169.254", false],
      ["::ffff:93.184.216.34", true],
      ["64:ff9b::7f00:1", false],
      ["64:ff9b::a9fe:a9fe", false],
      ["64:ff9b::5db8:d822", true],
      ["2002:7f00:1::1", false],
      ["2002:c0a8:101::1", false],
      ["2002:5db8:d822::1", true],
    ];
    for (const [address, allowed] of cases) expect(isAllowedAddress(address, false), address).toBe(allowed);
  });

  it("refuses private IPv4 and what is not an address; tests on one machine may allow anything", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "100.64.0.1", "0.0.0.0", "not-an-ip"]) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
    expect(isAllowedAddress("::7f00:1", true)).toBe(true);
    expect(isAllowedAddress("not-an-ip", true)).toBe(false);
  });
});
