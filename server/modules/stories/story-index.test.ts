import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHeadlines } from "../../../test-kit/headlines.ts";
import { EXACT_TITLES } from "./cluster.ts";
import { outletOf, type StoryArticle, StoryIndex, withoutDuplicates } from "./story-index.ts";
import { clusterTitlesNaive } from "./test/naive.ts";

const HOUR = 3_600_000;
let nextId = 1;
function article(title: string, host: string, hoursAgo: number, extra: Partial<StoryArticle> = {}): StoryArticle {
  const id = nextId++;
  return {
    id,
    title,
    link: `https://${host}/a/${id}`,
    source: host,
    publishedAt: 1_800_000_000_000 - hoursAgo * HOUR,
    version: 1,
    ...extra,
  };
}

const titlesOf = (stories: StoryArticle[][]) => stories.map((story) => story.map((a) => a.title));

describe("outletOf", () => {
  it("is the source the feed names, else the link's host without www.", () => {
    expect(outletOf({ link: "https://news.google.com/rss/a/1", source: "CoinDesk" })).toBe("CoinDesk");
    expect(outletOf({ link: "https://www.coindesk.com/markets/x", source: " " })).toBe("coindesk.com");
    expect(outletOf({ link: "", source: "" })).toBe("");
  });
});

describe("withoutDuplicates", () => {
  it("keeps only the earliest of articles with the same outlet and the same title", () => {
    const later = article("Bitcoin hits record high", "coindesk.com", 1);
    const earliest = article("Bitcoin  hits RECORD high ", "coindesk.com", 3);
    const otherHost = article("Bitcoin hits record high", "decrypt.co", 2);
    expect(withoutDuplicates([later, earliest, otherHost])).toEqual([earliest, otherHost]);
  });

  it("keeps the same title from two outlets, even when one aggregator host links both", () => {
    const one = article("Ether ETF approved", "news.google.com", 2, { source: "CoinDesk" });
    const other = article("Ether ETF approved", "news.google.com", 1, { source: "The Block" });
    expect(withoutDuplicates([other, one])).toEqual([one, other]);
  });

  it("keeps one copy of a link carried by two feeds", () => {
    const first = article("Ether ETF approved", "theblock.co", 2);
    const copy = { ...first, id: 999, title: "Ether ETF gets approval" };
    expect(withoutDuplicates([copy, first])).toHaveLength(1);
  });
});

describe("StoryIndex", () => {
  const a = article("Bitcoin hits record high as spot ETF inflows top $1.2 billion", "coindesk.com", 5);
  const b = article("Bitcoin hits new record high as ETF inflows top $1.2 billion", "theblock.co", 4);
  const c = article("Bitcoin sets record high as spot ETF inflows top $1.2B", "decrypt.co", 3);
  const lone = article("Solana validators vote on fee changes", "solana.news", 2);

  it("shows only stories of more than one article, earliest first", () => {
    const index = new StoryIndex<StoryArticle>();
    index.update([lone, c, a, b]);
    expect(index.stories()).toEqual([[a, b, c]]);
  });

  it("does not make a story of an article and its own duplicate", () => {
    const index = new StoryIndex<StoryArticle>();
    const duplicate = article(lone.title, "solana.news", 1);
    index.update([lone, duplicate]);
    expect(index.stories()).toEqual([]);
  });

  it("compares only new or changed titles on an update", () => {
    const index = new StoryIndex<StoryArticle>();
    index.update([a, lone]);
    expect(index.lastCompared).toBe(2);
    expect(index.stories()).toEqual([]);
    index.update([a, lone, b]);
    expect(index.lastCompared).toBe(1);
    expect(index.stories()).toEqual([[a, b]]);
    index.update([a, lone, b]);
    expect(index.lastCompared).toBe(0);
  });

  it(`gives the stories of clustering afresh while its set grows past ${EXACT_TITLES} titles and shrinks back`, () => {
    // Seed 15's titles 742 and 1296 are a pair only the exact way finds (cluster.test.ts).
    const seeded = generateHeadlines(2000, 15).map((title, i) => article(title, `outlet${i}.example`, 1));
    const more = generateHeadlines(EXACT_TITLES - 1999, 16).map((title, i) => article(title, `more${i}.example`, 1));
    const afresh = (set: StoryArticle[]) => {
      const index = new StoryIndex<StoryArticle>();
      index.update(set);
      return index.stories();
    };
    const together = (stories: StoryArticle[][]) =>
      stories.some(
        (story) => story.includes(seeded[742] as StoryArticle) && story.includes(seeded[1296] as StoryArticle),
      );
    const index = new StoryIndex<StoryArticle>();
    index.update(seeded);
    expect(together(index.stories())).toBe(true);
    index.update([...seeded, ...more]); // past the limit: word blocking, for every title
    expect(index.lastCompared).toBe(seeded.length + more.length);
    expect(index.stories()).toEqual(afresh([...seeded, ...more]));
    index.update(seeded); // back under it: the exact way again
    expect(index.stories()).toEqual(afresh(seeded));
    expect(together(index.stories())).toBe(true);
  });

  it("splits a story when the article joining it leaves, and follows an edited title", () => {
    const x = article("abcdefghij", "one.example", 3);
    const y = article("abcdefwxyz", "two.example", 2);
    const z = article("abcdstwxyz", "three.example", 1);
    const index = new StoryIndex<StoryArticle>();
    index.update([x, y, z]);
    expect(titlesOf(index.stories())).toEqual([["abcdefghij", "abcdefwxyz", "abcdstwxyz"]]);
    index.update([x, z]);
    expect(index.stories()).toEqual([]);
    const edited = { ...z, title: "abcdefghiq", version: 2 };
    index.update([x, edited]);
    expect(index.lastCompared).toBe(1);
    expect(index.stories()).toEqual([[x, edited]]);
  });

  it("drops duplicates before clustering: a later copy of a link never joins stories", () => {
    const original = article("abcdefghij", "one.example", 3);
    const copy = { ...article("abcdstwxyz", "two.example", 2), link: original.link };
    const lookalike = article("abcdstwxyz", "three.example", 1);
    const index = new StoryIndex<StoryArticle>();
    index.update([original, copy, lookalike]);
    expect(index.stories()).toEqual([]);
    // When the original leaves, the copy is the article at that link, and is compared.
    index.update([copy, lookalike]);
    expect(index.lastCompared).toBe(1);
    expect(index.stories()).toEqual([[copy, lookalike]]);
  });

  it("property: after any sequence of updates, the stories equal clustering the final set afresh", () => {
    const base = generateHeadlines(40, 11).map((title, i) => article(title, `host${i % 5}.example`, i % 30));
    // Duplicates of several kinds: same outlet and title later, and another title at the same link.
    const copies = base.slice(0, 8).map((original, i) =>
      i % 2 === 0
        ? { ...article(original.title, `host${i % 5}.example`, (i % 30) - 0.5) }
        : {
            ...article(base[(i + 7) % base.length]?.title ?? "x", "copy.example", (i % 30) - 0.5),
            link: original.link,
          },
    );
    const pool = [...base, ...copies];
    const step = fc.record({
      keep: fc.array(fc.boolean(), { minLength: pool.length, maxLength: pool.length }),
      edits: fc.array(fc.tuple(fc.nat({ max: pool.length - 1 }), fc.nat({ max: pool.length - 1 })), { maxLength: 4 }),
    });
    const canonical = (stories: StoryArticle[][]) =>
      stories.map((story) => story.map((item) => item.id).join(",")).sort();
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 4 }), (steps) => {
        const incremental = new StoryIndex<StoryArticle>();
        const edited = new Map<number, StoryArticle>();
        let current: StoryArticle[] = [];
        for (const { keep, edits } of steps) {
          // An edit gives an article another article's title, as a feed correcting a headline would.
          for (const [target, source] of edits) {
            const original = edited.get(target) ?? (pool[target] as StoryArticle);
            edited.set(target, {
              ...original,
              title: (pool[source] as StoryArticle).title,
              version: original.version + 1,
            });
          }
          current = pool.map((item, i) => edited.get(i) ?? item).filter((_, i) => keep[i]);
          incremental.update(current);
        }
        const fresh = new StoryIndex<StoryArticle>();
        fresh.update(current);
        expect(canonical(incremental.stories())).toEqual(canonical(fresh.stories()));
      }),
      { numRuns: 80 },
    );
  });

  it("property: adding, removing and editing articles keeps the naive stories of what is kept", () => {
    // Near-threshold copies, very short titles, emoji and surrogate halves, blank titles.
    const titles = [
      "abcdefghij",
      "abcdefwxyz",
      "abcdstwxyz",
      "abcdefghiq",
      "ab",
      "ba",
      "😀 up",
      "😀 dn",
      "\ud83d",
      " ",
      "",
    ];
    const pool = titles.map((title, i) => article(title, `host${i % 3}.example`, i));
    const step = fc.record({
      keep: fc.array(fc.boolean(), { minLength: pool.length, maxLength: pool.length }),
      edits: fc.array(fc.tuple(fc.nat({ max: pool.length - 1 }), fc.nat({ max: titles.length - 1 })), { maxLength: 3 }),
    });
    const byIds = (stories: StoryArticle[][]) => stories.map((story) => story.map((item) => item.id).join(",")).sort();
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 5 }), (steps) => {
        const index = new StoryIndex<StoryArticle>();
        const current = pool.map((item) => ({ ...item }));
        let kept: StoryArticle[] = [];
        for (const { keep, edits } of steps) {
          for (const [target, title] of edits) {
            const before = current[target] as StoryArticle;
            current[target] = { ...before, title: titles[title] as string, version: before.version + 1 };
          }
          kept = current.filter((_, i) => keep[i]);
          index.update(kept);
        }
        const survivors = withoutDuplicates(kept);
        const naive = clusterTitlesNaive(survivors.map((item) => item.title)).map((group) =>
          group.map((i) => survivors[i] as StoryArticle),
        );
        expect(byIds(index.stories())).toEqual(byIds(naive));
      }),
      { numRuns: 300 },
    );
  });
});
