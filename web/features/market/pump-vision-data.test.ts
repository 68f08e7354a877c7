import { describe, expect, it, vi } from "vitest";
import { columnIds, sampleBoard } from "./pump-vision-data.ts";

const all = columnIds.flatMap((column) => sampleBoard[column]);

describe("the sample board", () => {
  it("has 8 to 12 tokens in each column", () => {
    for (const column of columnIds) {
      expect(sampleBoard[column].length).toBeGreaterThanOrEqual(8);
      expect(sampleBoard[column].length).toBeLessThanOrEqual(12);
    }
  });

  it("gives every token a unique symbol and an address that is plainly a sample in Solana's base58 form", () => {
    expect(new Set(all.map((t) => t.symbol)).size).toBe(all.length);
    expect(new Set(all.map((t) => t.address)).size).toBe(all.length);
    for (const token of all) expect(token.address).toMatch(/^SAMPLE[1-9A-HJ-NP-Za-km-z]{38}$/);
  });

  it("is the same on every load, without chance", async () => {
    const random = vi.spyOn(Math, "random");
    vi.resetModules();
    const again = await import("./pump-vision-data.ts");
    expect(again.sampleBoard).not.toBe(sampleBoard);
    expect(again.sampleBoard).toEqual(sampleBoard);
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });

  it("keeps every number in a sensible range", () => {
    for (const token of all) {
      for (const percent of [token.bondingCurvePercent, token.top10Percent, token.devPercent, token.sniperPercent]) {
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }
      expect(token.ageMinutes).toBeGreaterThan(0);
      expect(token.liquidity).toBeLessThan(token.stats.marketCap);
    }
    expect(sampleBoard.graduated.every((t) => t.bondingCurvePercent === 100)).toBe(true);
    expect(sampleBoard.new.every((t) => t.bondingCurvePercent < 70)).toBe(true);
  });

  it("has both launchpads and tokens with and without socials in every column, so each filter can bite", () => {
    for (const column of columnIds) {
      const tokens = sampleBoard[column];
      expect(new Set(tokens.map((t) => t.launchpad)).size).toBe(2);
      expect(tokens.some((t) => t.socials.length === 0)).toBe(true);
      expect(tokens.some((t) => t.socials.length > 0)).toBe(true);
    }
  });
});
