/** Paths where the token ticker strip is hidden (spec §2 Layout), exactly as listed. */
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

/** Whether the ticker strip shows on `pathname`; a trailing slash does not change the answer. */
export function showsTicker(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return !tickerHiddenPaths.has(normalised);
}
