import { describe, expect, it } from "vitest";
import { dedupeByContainment } from "./dedupe.ts";

const trend = (title: string, trafficNumber: number, pubDate = 0, country = "US") => ({
  title,
  trafficNumber,
  pubDate,
  country,
});
const titles = (list: Array<{ title: string }>) => list.map((t) => t.title);

describe("de-duplication by title containment", () => {
  it.each([
    [
      "keeps the containing title when it has more traffic",
      [trend("bitcoin", 10), trend("bitcoin price", 20)],
      ["bitcoin price"],
    ],
    [
      "keeps the contained title when it has more traffic",
      [trend("bitcoin price", 20), trend("Bitcoin", 50)],
      ["Bitcoin"],
    ],
    ["ignores case and punctuation", [trend("XRP NEWS", 5), trend("xrp-news today", 9)], ["xrp-news today"]],
    ["compares whole words only", [trend("eth", 5), trend("methane", 9)], ["methane", "eth"]],
    ["keeps unrelated titles", [trend("dogecoin", 1), trend("cardano vote", 2)], ["cardano vote", "dogecoin"]],
    [
      "folds a chain of containments into the one with most traffic",
      [trend("sol", 1), trend("solana", 2), trend("solana price", 3), trend("solana price today", 1)],
      ["solana price", "sol"],
    ],
    ["keeps a title of emoji alone", [trend("🔥", 3), trend("bitcoin", 2)], ["🔥", "bitcoin"]],
  ])("%s", (_rule, input, expected) => {
    expect(titles(dedupeByContainment(input))).toEqual(expected);
  });

  it("works across countries and sources, keeping the country where it has most traffic", () => {
    const kept = dedupeByContainment([
      trend("bitcoin price", 200_000, 1, "US"),
      trend("Bitcoin Price", 2_000_000, 1, "GB"),
      trend("bitcoin price", 20_000, 1, "IN"),
    ]);
    expect(kept).toEqual([trend("Bitcoin Price", 2_000_000, 1, "GB")]);
  });

  it("keeps the newer of equal traffic", () => {
    const kept = dedupeByContainment([trend("crypto etf", 50, 1, "US"), trend("crypto etf", 50, 9, "AU")]);
    expect(kept.map((t) => t.country)).toEqual(["AU"]);
  });

  it("returns the kept trends of a full period, most traffic first (npm run bench:analysis times it)", () => {
    const many = Array.from({ length: 2_000 }, (_, i) => trend(`topic ${i} news ${i % 7}`, i % 500, i));
    const kept = dedupeByContainment(many);
    expect(kept).toHaveLength(2_000);
    expect(kept.map((t) => t.trafficNumber)).toEqual([...kept.map((t) => t.trafficNumber)].sort((a, b) => b - a));
  });
});
