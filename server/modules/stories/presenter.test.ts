import { describe, expect, it } from "vitest";
import { cutText } from "./presenter.ts";

describe("cutText", () => {
  it("leaves text that fits as it is", () => {
    expect(cutText("Spot ETF inflows topped $1.2 billion.", 40)).toBe("Spot ETF inflows topped $1.2 billion.");
    expect(cutText("x".repeat(300), 300)).toBe("x".repeat(300));
  });

  it("cuts longer text at the last word boundary that leaves room for the ellipsis", () => {
    const text = "Bitcoin rose to a record as spot ETF inflows topped $1.2 billion on Tuesday";
    const cut = cutText(text, 30);
    expect(cut).toBe("Bitcoin rose to a record as…");
    expect(cut.length).toBeLessThanOrEqual(30);
    // A word that ends exactly at the limit is kept whole only when the ellipsis still fits.
    expect(cutText("aaaa bbbb cccc", 10)).toBe("aaaa bbbb…");
    expect(cutText("aaaa bbbb cccc", 9)).toBe("aaaa…");
  });

  it("drops a full stop, comma or dash left at the cut", () => {
    expect(cutText("Prices fell sharply. Then they recovered quickly", 22)).toBe("Prices fell sharply…");
    expect(cutText("Miners sold, then bought back — quickly and quietly", 20)).toBe("Miners sold, then…");
    expect(cutText("Prices fell sharply — then recovered", 22)).toBe("Prices fell sharply…");
  });

  it("cuts a single overlong word mid-word", () => {
    expect(cutText("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("never gives more than the limit, whatever the text", () => {
    const words = "lorem ipsum, dolor — sit amet consectetur adipiscing elit".split(" ");
    for (let max = 2; max < 70; max++) {
      const text = Array.from({ length: 12 }, (_, i) => words[(i * 7 + max) % words.length]).join(" ");
      const cut = cutText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      if (cut !== text) expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    }
  });
});
