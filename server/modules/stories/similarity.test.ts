import { describe, expect, it } from "vitest";
import { isSimilar, maxDistanceFor, normaliseTitle, SIMILARITY_THRESHOLD, similarityRatio } from "./similarity.ts";

describe("normaliseTitle", () => {
  it.each([
    ["  Bitcoin   Hits\tRecord \n", "bitcoin hits record"],
    ["ETH", "eth"],
    ["", ""],
    ["   ", ""],
  ])("%j → %j", (title, expected) => {
    expect(normaliseTitle(title)).toBe(expected);
  });
});

describe("similarity ratio (1 − Levenshtein distance / longer length)", () => {
  it.each([
    // a, b, distance, longer length
    ["bitcoin", "bitcoin", 0, 7],
    ["kitten", "sitting", 3, 7],
    ["abcde", "abxde", 1, 5],
    ["abc", "", 3, 3],
    ["Bitcoin  Hits Record", "bitcoin hits record", 0, 19],
  ])("%j vs %j: distance %i over %i", (a, b, distance, longer) => {
    expect(similarityRatio(a, b)).toBeCloseTo(1 - distance / longer, 12);
  });

  it("is symmetric and 1 for two empty titles", () => {
    expect(similarityRatio("", "")).toBe(1);
    expect(similarityRatio("bitcoin rallies", "ether rallies")).toBe(
      similarityRatio("ether rallies", "bitcoin rallies"),
    );
  });
});

describe("the 0.6 threshold", () => {
  it("is 0.6", () => {
    expect(SIMILARITY_THRESHOLD).toBe(0.6);
  });

  it.each([
    // Exactly 0.6: 2 edits over 5 characters, 4 over 10 — similar.
    ["abcde", "abxye", true, 0.6],
    ["abcdefghij", "abcdefwxyz", true, 0.6],
    // Just under: 3 edits over 7 (0.571…), 5 over 12 (0.583…) — not similar.
    ["kitten", "sitting", false, 4 / 7],
    ["abcdefghijkl", "abcdefgvwxyz", false, 7 / 12],
    // Just over: 3 over 8 (0.625).
    ["abcdefgh", "abcdexyz", true, 0.625],
    // Only the length gap: 6 insertions over 13 characters (0.538…).
    ["bitcoin", "bitcoin price", false, 7 / 13],
  ] as const)("%j vs %j → %s", (a, b, similar, ratio) => {
    expect(similarityRatio(a, b)).toBeCloseTo(ratio, 12);
    expect(isSimilar(a, b)).toBe(similar);
  });

  it("decides the boundary in integers, so 0.6 exactly is never lost to rounding", () => {
    // 1 − 2/5 is 0.6000000000000001 in floating point, 1 − 6/15 is 0.6: both similar.
    for (const longer of [5, 10, 15, 20, 25, 100]) {
      const allowed = maxDistanceFor(longer);
      expect(5 * allowed).toBe(2 * longer);
      const a = "a".repeat(longer);
      expect(isSimilar(a, "b".repeat(allowed) + "a".repeat(longer - allowed))).toBe(true);
      expect(isSimilar(a, "b".repeat(allowed + 1) + "a".repeat(longer - allowed - 1))).toBe(false);
    }
  });
});
