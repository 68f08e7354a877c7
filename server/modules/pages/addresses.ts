import { createHash } from "node:crypto";

/** Addresses longer than this are kept under a shortened key. */
const MAX_KEY = 2_000;

/** The address analysed: parsed, without its #fragment (the same page). */
export function pageAddress(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}

/** The address as kept: `pageAddress`, a very long one shortened by a hash (only ever a key, never fetched). */
export function cacheKey(url: string): string {
  const href = pageAddress(url);
  if (href.length <= MAX_KEY) return href;
  return `${href.slice(0, MAX_KEY - 72)}#sha256=${createHash("sha256").update(href).digest("hex")}`;
}
