import { describe, expect, it } from "vitest";
import { guessingNetwork, limitAddress } from "./client-address.ts";

describe("the address a per-address limit counts", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8::ffff:1", "2001:db8:0:0::/64"],
    ["2001:db8:1::", "2001:db8:1:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["64:ff9b::198.51.100.1", "64:ff9b:0:0::/64"],
  ])("%s counts as %s", (ip, expected) => {
    expect(limitAddress(ip)).toBe(expected);
  });

  it("counts every address of one /64 together, and different /64s apart", () => {
    expect(limitAddress("2001:db8:5:6::a")).toBe(limitAddress("2001:db8:5:6:ffff:ffff:ffff:ffff"));
    expect(limitAddress("2001:db8:5:6::a")).not.toBe(limitAddress("2001:db8:5:7::a"));
  });
});

describe("the network the per-handle guessing rule counts", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"],
    ["2001:db8::1", "2001:db8:0::/48"],
  ])("%s counts as %s", (ip, expected) => {
    expect(guessingNetwork(ip)).toBe(expected);
  });

  it("counts every /64 of one /48 together", () => {
    expect(guessingNetwork("2001:db8:5:6::a")).toBe(guessingNetwork("2001:db8:5:ffff::1"));
    expect(guessingNetwork("2001:db8:5:6::a")).not.toBe(guessingNetwork("2001:db8:6:6::a"));
  });
});
