/**
 * Every page of the web app, as React Router patterns (`:name` stands for one path
 * segment). The server answers an address that matches none of them with 404 (still
 * sending the app, which shows its 404 page); web/app/router.test.ts keeps this list and
 * the router's routes the same. Zod-free: the browser may import it (decision 009).
 */
export const pageRoutes = [
  "/",
  "/stories",
  "/market-sentiment",
  "/tokens",
  "/token/:symbol",
  "/pump-vision",
  "/favorites",
  "/feed",
  "/feeds/status",
  "/feeds/mine",
  "/feeds/mine/:key",
  "/blurts",
  "/settings",
  "/profile",
  "/notifications",
  "/bitcoin-news",
  "/news",
  "/market",
  "/search",
  "/x-feed",
  "/nft-art",
  "/disclaimer",
  "/terms",
  "/privacy",
  "/contact",
  "/admin",
  "/blog",
  "/blog/:slug",
  "/google-trends",
  "/login",
  "/predictions",
  "/leaderboard",
  "/team",
  /** The reader view (`/read?url=…`). */
  "/read",
] as const;

export type PageRoute = (typeof pageRoutes)[number];

/** Patterns as segments, fixed ones before those with `:name` parts, so a fixed page wins a tie. */
const patterns = [...pageRoutes]
  .sort((a, b) => a.split(":").length - b.split(":").length)
  .map((route) => ({ route, parts: route.split("/").filter(Boolean) }));

/**
 * The page pattern the router shows at `pathname` (e.g. `/token/USDC.e` → `/token/:symbol`),
 * matched the way React Router does: decoded, ignoring case and trailing slashes, a `:name`
 * segment taking any one segment. Undefined for any other address.
 */
export function pageRouteOf(pathname: string): PageRoute | undefined {
  let segments: string[];
  try {
    segments = pathname.replace(/\/+$/, "").split("/").slice(1).map(decodeURIComponent);
  } catch {
    return undefined; // not decodable, so no page either
  }
  return patterns.find(
    ({ parts }) =>
      parts.length === segments.length &&
      parts.every((part, i) =>
        part.startsWith(":") ? segments[i] !== "" : part.toLowerCase() === segments[i]?.toLowerCase(),
      ),
  )?.route;
}
