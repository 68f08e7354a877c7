import { describe, expect, it } from "vitest";
import { showsTicker } from "./ticker-visibility.ts";

// The list of docs/features/market.md, written out again so a slip in the code shows here.
const hiddenOn = [
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
];

describe("ticker strip visibility", () => {
  it.each(hiddenOn)("is hidden on %s, with or without a trailing slash or capitals", (path) => {
    expect(showsTicker(path)).toBe(false);
    expect(showsTicker(`${path}/`)).toBe(false);
    expect(showsTicker(path.toUpperCase())).toBe(false);
  });

  it.each(["/", "/stories", "/tokens", "/token/BTC", "/bitcoin-news", "/feed", "/blog", "/marketing", "/news/today"])(
    "shows on %s",
    (path) => {
      expect(showsTicker(path)).toBe(true);
    },
  );
});
