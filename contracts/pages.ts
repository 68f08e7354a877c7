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
] as const;
