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
  ["2001::", 23], // IETF protocol assignments: Teredo, ORCHID, benchmarking, …
  ["2002::", 16], // 6to4: allowed only through the IPv4 check below
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
  ["100::", 64], // discard
  ["3fff::", 20], // documentation
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/**
 * The eight 16-bit groups of an IPv6 address however it is written (zeros compressed or
 * not, a dotted IPv4 tail or hex), so the forms that carry an IPv4 address are recognised
 * by their value rather than by one spelling: `64:ff9b::` and `0:0:0:0:ffff:0:7f00:1` too.
 */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].map((group) =>
    /^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN,
  );
  return groups.some(Number.isNaN) ? undefined : groups;
}

/** IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d), NAT64 and 6to4. */
function embeddedIpv4(groups: number[]): string | undefined {
  const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const [g0, g1, g2, , g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const ipv4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");
  if (zero(0, 5) && g5 === 0xffff) return ipv4(g6, g7);
  if (zero(0, 4) && g4 === 0xffff && g5 === 0) return ipv4(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zero(2, 6)) return ipv4(g6, g7);
  if (g0 === 0x2002) return ipv4(g1, g2);
  // IPv4-compatible forms (::a.b.c.d) fall in ::/96, refused whole.
  return undefined;
}

/** Whether an IP address (v4 or v6, as a string) is one Gemwire may fetch from. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, "ipv4");
  if (family === 6) {
    const groups = ipv6Groups(bare);
    if (!groups) return false;
    const v4 = embeddedIpv4(groups);
    if (v4 !== undefined) return !blocked.check(v4, "ipv4");
    // Only global unicast (2000::/3) is routed on the internet; the rest of the space is
    // reserved or unassigned (`1::`, `4000::1`, `::1:0:0:1`), so it is refused whatever it is
    // later given to, rather than allowed until someone lists it.
    if (((groups[0] as number) & 0xe000) !== 0x2000) return false;
    return !blocked.check(bare, "ipv6");
  }
  return false;
}
