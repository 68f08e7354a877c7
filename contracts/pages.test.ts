import { describe, expect, it } from "vitest";
import { pageRouteOf, pageRoutes } from "./pages.ts";

describe("pageRouteOf", () => {
  it.each([
    ["/", "/"],
    ["/stories", "/stories"],
    ["/Stories/", "/stories"],
    ["/st%6Fries", "/stories"],
    ["/token/BTC", "/token/:symbol"],
    ["/token/USDC.e", "/token/:symbol"],
    ["/token/a%2Fb", "/token/:symbol"],
    ["/blog", "/blog"],
    ["/blog/welcome-to-gemwire", "/blog/:slug"],
    ["/feeds/status", "/feeds/status"],
  ])("maps %s to %s", (pathname, route) => {
    expect(pageRouteOf(pathname)).toBe(route);
  });

  it.each(["/no/such/page", "/token", "/token/", "/token/btc/chart", "/api/health", "/wp-login.php", "/%E0%A4%A"])(
    "knows no page at %s",
    (pathname) => {
      expect(pageRouteOf(pathname)).toBeUndefined();
    },
  );

  it("gives every page its own pattern back", () => {
    for (const route of pageRoutes) expect(pageRouteOf(route.replace(/:\w+/g, "x"))).toBe(route);
  });
});
