import { isIPv6 } from "node:net";

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by
 * its /64 network. One home or server is handed a whole /64, so counting single IPv6
 * addresses would give a guesser billions of fresh ones.
 */
export function limitAddress(ip: string): string {
  return networkOf(ip, 64);
}

/**
 * The address the per-handle guessing rule counts (sign-in-limits.ts): IPv6 by its /48,
 * the block one site is handed, so a guesser cannot spread over the 65,536 /64s of a
 * single (free, tunnelled) /48 to multiply its tries against one member.
 */
export function guessingNetwork(ip: string): string {
  return networkOf(ip, 48);
}

function networkOf(ip: string, prefix: 48 | 64): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = "", tail] = (ip.split("%")[0] ?? "").split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  // A trailing dotted IPv4 part (::1.2.3.4) takes the room of two groups.
  const width = (parts: string[]) => parts.length + (parts.at(-1)?.includes(".") ? 1 : 0);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(left) - width(right)).fill("0");
  const network = [...left, ...zeros, ...right]
    .slice(0, prefix / 16)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(":")}::/${prefix}`;
}
