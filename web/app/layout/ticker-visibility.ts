/** Paths where the token ticker strip is hidden, exactly as docs/features/market.md lists them. */
export const tickerHiddenPaths: ReadonlySet<string> = new Set([
  "/notifications",
  "/blurts",
  "/favorites",
  "/predictions",
  "/pump-vision",
  "/team",
  "/settings",
  "/disclaimer",
  "/terms",
  "/privacy",
  "/nft-art",
  "/x-feed",
  "/search",
  "/news",
  "/market",
  "/tiktok",
  "/youtube",
  "/instagram",
]);

/**
 * Whether the ticker strip shows on `pathname`. Like the router, it ignores case and a
 * trailing slash.
 */
export function showsTicker(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  const normalised = lower.length > 1 ? lower.replace(/\/+$/, "") : lower;
  return !tickerHiddenPaths.has(normalised);
}
