import fc from "fast-check";
import { distance } from "fastest-levenshtein";
import { describe, expect, it } from "vitest";
import { codeUnits, LcsPattern } from "./lcs.ts";

/** The textbook table, over UTF-16 code units. */
function lcsTable(a: string, b: string): number {
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] =
        a.charCodeAt(i - 1) === b.charCodeAt(j - 1)
          ? (previous[j - 1] as number) + 1
          : Math.max(previous[j] as number, current[j - 1] as number);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}

function levenshteinTable(a: string, b: string): number {
  let previous = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}

// Lengths up to 140 cover the one-word, two-word and many-word paths; a small alphabet
// makes long common subsequences; surrogate halves count as the units they are.
const text = fc.string({
  unit: fc.constantFrom("a", "b", " ", "é", "😀", "\ud83d", "\ude00", "z"),
  maxLength: 140,
  size: "max",
});

describe("LcsPattern", () => {
  it("gives the longest common subsequence at word boundaries", () => {
    const pattern = new LcsPattern();
    for (const length of [0, 1, 31, 32, 33, 63, 64, 65, 96, 97]) {
      const a = "ab".repeat(length).slice(0, length);
      pattern.set(codeUnits(a));
      expect(pattern.lcs(codeUnits(a))).toBe(length);
      expect(pattern.lcs(codeUnits(`x${a}y`))).toBe(length);
      expect(pattern.lcs(codeUnits(""))).toBe(0);
      expect(pattern.lcs(codeUnits("c".repeat(length)))).toBe(0);
    }
    pattern.set(codeUnits("kitten"));
    expect(pattern.lcs(codeUnits("sitting"))).toBe(4);
    // A slice of a larger array, as the sweep reads titles.
    const both = codeUnits("kittensitting");
    pattern.set(both, 0, 6);
    expect(pattern.lcs(both, 6, 13)).toBe(4);
  });

  it("property: equals the textbook table, reusing one pattern for many texts", () => {
    const pattern = new LcsPattern();
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 4 }), (a, others) => {
        pattern.set(codeUnits(a));
        for (const b of others) expect(pattern.lcs(codeUnits(b))).toBe(lcsTable(a, b));
      }),
      { numRuns: 400 },
    );
  });

  it("property: longer length − LCS never exceeds the distance Gemwire uses, which is the textbook one", () => {
    const pattern = new LcsPattern();
    fc.assert(
      fc.property(text, text, (a, b) => {
        const d = distance(a, b);
        expect(d).toBe(levenshteinTable(a, b));
        pattern.set(codeUnits(a));
        expect(Math.max(a.length, b.length) - pattern.lcs(codeUnits(b))).toBeLessThanOrEqual(d);
      }),
      { numRuns: 400 },
    );
  });
});
