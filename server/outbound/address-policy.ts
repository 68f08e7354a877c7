import { BlockList, isIP } from "node:net";

/**
 * Addresses an outbound fetch must never reach unless the operator allows private
 * sources: loopback, private, link-local, unique-local, unspecified, carrier-grade NAT,
 * multicast and reserved ranges, in IPv4 and IPv6.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and IPv4-compatible (::a.b.c.d, also written ::7f00:1)
  ["fec0::", 10], // site-local (deprecated)
  ["64:ff9b:1::", 48], // local-use NAT64
  ["2001::", 32], // Teredo
  ["2002::", 16], // 6to4: allowed only through the IPv4 check below
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
  ["100::", 64], // discard
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 and 6to4. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) return hexPairToIpv4(hex[1] as string, hex[2] as string);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour) return hexPairToIpv4(sixToFour[1] as string, sixToFour[2] as string);
  return undefined;
}

function hexPairToIpv4(high: string, low: string): string {
  const a = Number.parseInt(high, 16);
  const b = Number.parseInt(low, 16);
  return [a >> 8, a & 255, b >> 8, b & 255].join(".");
}

/** Whether an IP address (v4 or v6, as a string) is one Gemwire may fetch from. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) return !blocked.check(v4, "ipv4");
    return !blocked.check(bare, "ipv6");
  }
  return false;
}
