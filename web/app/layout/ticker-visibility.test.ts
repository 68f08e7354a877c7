import { describe, expect, it } from "vitest";
import { showsTicker, tickerHiddenPaths } from "./ticker-visibility.ts";

describe("ticker strip visibility", () => {
  it.each([...tickerHiddenPaths])("is hidden on %s", (path) => {
    expect(showsTicker(path)).toBe(false);
    expect(showsTicker(`${path}/`)).toBe(false);
  });

  it.each(["/", "/stories", "/tokens", "/token/BTC", "/bitcoin-news", "/feed", "/blog", "/marketing", "/news/today"])(
    "shows on %s",
    (path) => {
      expect(showsTicker(path)).toBe(true);
    },
  );

  it("hides on the 18 paths the spec lists", () => {
    expect(tickerHiddenPaths.size).toBe(18);
  });
});
