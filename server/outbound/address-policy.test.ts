import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy.ts";

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback range"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with zone"],
    ["fd12:3456::1", "unique-local"],
    ["fc00::1", "unique-local"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:0:192.168.0.1", "IPv4-translated private"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::7f00:1", "IPv4-compatible loopback as the URL parser writes it"],
    ["fec0::1", "site-local"],
    ["64:ff9b:1::a00:1", "local-use NAT64"],
    ["2001:0:4136:e378::1", "Teredo"],
    ["64:ff9b::10.0.0.1", "NAT64 of private"],
    ["2002:c0a8:0101::1", "6to4 of 192.168.1.1"],
    ["64:ff9b::", "NAT64 of 0.0.0.0, its IPv4 part compressed away"],
    ["64:ff9b::1", "NAT64 of 0.0.0.1"],
    ["64:ff9b:0:0:0:0:7f00:1", "NAT64 of loopback written out"],
    ["0:0:0:0:ffff:0:7f00:1", "IPv4-translated loopback written out"],
    ["[::1]", "bracketed loopback"],
    ["1::", "unassigned, outside global unicast"],
    ["::1:0:0:1", "reserved, outside global unicast"],
    ["4000::1", "unassigned, outside global unicast"],
    ["5f00::1", "segment routing, outside global unicast"],
    ["2001:10::1", "ORCHID, an IETF protocol assignment"],
    ["3fff::1", "documentation (RFC 9637)"],
    ["not-an-ip", "a name, not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ["93.184.216.34"],
    ["1.1.1.1"],
    ["172.32.0.1"],
    ["100.128.0.1"],
    ["2606:4700:4700::1111"],
    ["2a00:1450:4001:80b::200e"],
    ["2c0f:fb50:4003::1"],
    ["::ffff:93.184.216.34"],
    ["64:ff9b::808:808"],
    ["2002:5db8:d822::1"],
  ])("allows the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
