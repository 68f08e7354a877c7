import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHeadlines } from "../../../test-kit/headlines.ts";
import { clusterTitles, EXACT_TITLES, similarPairs, similarPairsExactly } from "./cluster.ts";
import { groupsOf } from "./groups.ts";
import { isSimilar } from "./similarity.ts";
import { clusterTitlesNaive, similarPairsNaive } from "./test/naive.ts";
import { similarPairs as wordBlockingPairs } from "./word-blocking.ts";

const canonical = (groups: number[][]) => groups.map((group) => group.join(",")).sort();
const sorted = (pairs: Array<[number, number]>) => [...pairs].sort(([a, b], [c, d]) => a - c || b - d);

/**
 * Titles that stress the exact rule: near-threshold edits of a few seeds, very short
 * titles, repeated characters, non-ASCII letters, emoji and lone surrogates (UTF-16 code
 * units, as the distance counts them), and titles that are empty once trimmed.
 */
const units = ["a", "b", "c", " ", "é", "ß", "İ", "😀", "🚀", "\ud83d", "\ude00", "\t", "$", "1"];
const adversarialTitle = fc.oneof(
  fc.string({ unit: fc.constantFrom(...units), maxLength: 12 }),
  fc.string({ unit: fc.constantFrom("a", "a", "b", " "), maxLength: 40, size: "max" }),
  fc.constantFrom("", " ", "\t \n", "😀", "😀😀", "\ud83d", "🚀 moon", "🚀 mo0n"),
);
/** A few seeds, each with copies at several edit distances: pairs land on both sides of 0.6. */
const nearThreshold = fc
  .tuple(
    fc.array(fc.string({ unit: fc.constantFrom(...units, "d", "e", "f"), minLength: 3, maxLength: 70, size: "max" }), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...units, "")), { maxLength: 30, size: "max" }),
      ),
      { maxLength: 16 },
    ),
  )
  .map(([seeds, copies]) => [
    ...seeds,
    ...copies.map(([which, edits]) => {
      let title = seeds[which % seeds.length] as string;
      for (const [kind, at, unit] of edits) {
        const position = at % (title.length + 1);
        if (kind % 3 === 0) title = title.slice(0, position) + unit + title.slice(position);
        else if (kind % 3 === 1) title = title.slice(0, position) + title.slice(position + 1);
        else title = title.slice(0, position) + unit + title.slice(position + 1);
      }
      return title;
    }),
  ]);

describe("clusterTitles", () => {
  it("groups similar titles and leaves single ones out", () => {
    const titles = [
      "Bitcoin hits record high as ETF inflows top $1.2 billion",
      "Solana outage halts block production for four hours",
      "Bitcoin hits new record high as ETF inflows top $1.2 billion",
      "Fed holds rates steady",
    ];
    expect(clusterTitles(titles)).toEqual([[0, 2]]);
  });

  it("is transitive: A~B and B~C make one story even when A and C are not similar", () => {
    const a = "abcdefghij";
    const b = "abcdefwxyz"; // 4 edits from a: 0.6
    const c = "abcdstwxyz"; // 2 edits from b: 0.8, 6 from a: 0.4
    expect(similarPairsNaive([a, b, c])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(clusterTitles([a, b, c])).toEqual([[0, 1, 2]]);
    expect(clusterTitles([c, a, b])).toEqual([[0, 1, 2]]);
  });

  it("compares titles lower-cased, trimmed and with whitespace collapsed", () => {
    expect(clusterTitles(["  ETHER   ETF approved ", "ether etf approved"])).toEqual([[0, 1]]);
  });

  it("handles no titles, one title, and titles without words", () => {
    expect(clusterTitles([])).toEqual([]);
    expect(clusterTitles(["Only one"])).toEqual([]);
    expect(clusterTitles(["!!!", "!!?", "$$$"])).toEqual([[0, 1]]);
    expect(clusterTitles(["Bitcoin rises", "Bitcoins rise"])).toEqual([[0, 1]]);
  });

  it("gives the naive answer on generated headline sets", () => {
    for (const seed of [1, 2, 3]) {
      const titles = generateHeadlines(400, seed);
      expect(canonical(clusterTitles(titles))).toEqual(canonical(clusterTitlesNaive(titles)));
      expect(similarPairs(titles)).toHaveLength(similarPairsNaive(titles).length);
    }
  });

  it("property: equals the naive clustering on random small sets", () => {
    // Headlines with their variants (small edits, rewordings), plus random edits of
    // those, so sets hold near misses on both sides of 0.6.
    const mutated = fc
      .tuple(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 3 })), { maxLength: 10 }),
      )
      .map(([count, seed, edits]) => {
        const titles = generateHeadlines(count, seed);
        for (const [which, at, text] of edits) {
          const title = titles[which % titles.length] as string;
          const position = at % (title.length + 1);
          titles.push(title.slice(0, position) + text + title.slice(position + text.length));
        }
        return titles;
      });
    fc.assert(
      fc.property(mutated, (titles) => {
        expect(canonical(clusterTitles(titles))).toEqual(canonical(clusterTitlesNaive(titles)));
      }),
      { numRuns: 300 },
    );
  });

  it("property: equals the naive clustering on short random titles over a small alphabet", () => {
    const title = fc.string({ unit: fc.constantFrom("a", "b", "c", " ", "d"), minLength: 0, maxLength: 14 });
    fc.assert(
      fc.property(fc.array(title, { minLength: 0, maxLength: 25 }), (titles) => {
        expect(canonical(clusterTitles(titles))).toEqual(canonical(clusterTitlesNaive(titles)));
      }),
      { numRuns: 300 },
    );
  });
});

describe("lossless (decision 024)", () => {
  it("finds the pairs word blocking lost, and naive's every pair of their titles", () => {
    // Seed 15 at 2,000 titles: word blocking missed two pairs of this story (ratios 0.6
    // and 0.625), sharing no word it looked at. (The whole set against naive is
    // `npm run bench:stories`' job; here naive's pairs of the three titles.)
    const titles = generateHeadlines(2000, 15);
    expect(titles[742]).toBe("Cardano stakes $832 billion liquidations");
    expect(titles[1296]).toBe("Cosmos hires $59 million liqidations");
    const story = new Set([92, 742, 1296]);
    const naive: Array<[number, number]> = [];
    titles.forEach((title, other) => {
      for (const own of story) {
        if (other === own || (story.has(other) && other < own)) continue;
        if (isSimilar(titles[own] as string, title)) naive.push([Math.min(own, other), Math.max(own, other)]);
      }
    });
    const pairs = sorted(similarPairs(titles, (index) => story.has(index)));
    expect(pairs).toEqual(sorted(naive));
    expect(pairs).toContainEqual([742, 1296]);
    expect(pairs).toContainEqual([92, 742]);
    const blocked = wordBlockingPairs(titles).map(([i, j]) => `${i},${j}`);
    expect(blocked).not.toContain("742,1296");
    expect(blocked).not.toContain("92,742");
  });

  it(`is exact up to ${EXACT_TITLES} titles, and word blocking beyond (decision 024)`, () => {
    const story = new Set([92, 742, 1296]);
    // Seed 15's 2,000 titles (see above), made up to the limit with other headlines at the end.
    const atLimit = [...generateHeadlines(2000, 15), ...generateHeadlines(EXACT_TITLES - 2000, 16)];
    const isNew = (index: number) => story.has(index);
    expect(sorted(similarPairs(atLimit, isNew))).toEqual(sorted(similarPairsExactly(atLimit, isNew)));
    expect(similarPairs(atLimit, isNew)).toContainEqual([742, 1296]);
    // One title more (at the end, so the story's places stay): word blocking's pairs, which miss it.
    const beyond = [...atLimit, "One more headline about nothing in particular"];
    expect(sorted(similarPairs(beyond, isNew))).toEqual(sorted(wordBlockingPairs(beyond, isNew)));
    expect(similarPairs(beyond, isNew)).not.toContainEqual([742, 1296]);
  });

  it("property: the pairs and clusters equal naive's on adversarial titles", () => {
    fc.assert(
      fc.property(fc.array(adversarialTitle, { maxLength: 40 }), (titles) => {
        expect(sorted(similarPairs(titles))).toEqual(similarPairsNaive(titles));
        expect(canonical(clusterTitles(titles))).toEqual(canonical(clusterTitlesNaive(titles)));
      }),
      { numRuns: 400 },
    );
  });

  it("property: the pairs and clusters equal naive's on copies edited up to and past 0.6", () => {
    fc.assert(
      fc.property(nearThreshold, (titles) => {
        expect(sorted(similarPairs(titles))).toEqual(similarPairsNaive(titles));
        expect(canonical(clusterTitles(titles))).toEqual(canonical(clusterTitlesNaive(titles)));
      }),
      { numRuns: 400 },
    );
  });

  it("property: probing from new titles finds exactly naive's pairs that involve them", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(adversarialTitle, { minLength: 1, maxLength: 30 }), nearThreshold),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        (titles, picks) => {
          const fresh = new Set(picks.map((pick) => pick % titles.length));
          const isNew = (index: number) => fresh.has(index);
          const expected = similarPairsNaive(titles).filter(([i, j]) => isNew(i) || isNew(j));
          expect(sorted(similarPairs(titles, isNew))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("similarPairs", () => {
  it("with a filter, finds only the pairs that involve a new title", () => {
    const titles = [
      "Bitcoin hits record high as ETF inflows top $1.2 billion",
      "Bitcoin hits new record high as ETF inflows top $1.2 billion",
      "Bitcoin sets record high as spot ETF inflows top $1.2B",
    ];
    const all = similarPairs(titles).sort(([a, b], [c, d]) => a - c || b - d);
    expect(all).toEqual(similarPairsNaive(titles));
    expect(similarPairs(titles, (index) => index === 2).sort(([a, b], [c, d]) => a - c || b - d)).toEqual(
      all.filter(([i, j]) => i === 2 || j === 2),
    );
  });

  it("property: probing from a few new titles finds exactly the pairs the full sweep finds for them", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.uniqueArray(fc.nat({ max: 199 }), { minLength: 1, maxLength: 9 }),
        (seed, fresh) => {
          const titles = generateHeadlines(200, seed);
          const isNew = (index: number) => fresh.includes(index);
          const expected = similarPairs(titles).filter(([i, j]) => isNew(i) || isNew(j));
          expect(sorted(similarPairs(titles, isNew))).toEqual(sorted(expected));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("groupsOf", () => {
  it("joins pairs into connected groups of two or more", () => {
    expect(
      groupsOf(6, [
        [0, 3],
        [3, 5],
        [1, 2],
      ]),
    ).toEqual([
      [0, 3, 5],
      [1, 2],
    ]);
  });
});
