import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Foldable, foldByStory } from "./reading-catalog.ts";

type Article = Foldable & { n: number };

const START = Date.parse("2026-11-01T00:00:00Z");

/** Lists of articles with unique links, a few stories (or none) and times that may tie. */
const articles = fc
  .array(
    fc.record({
      story: fc.option(fc.constantFrom("s1", "s2", "s3", "s4"), { nil: null, freq: 3 }),
      minutes: fc.integer({ min: 0, max: 30 }),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map(
      (row, n): Article => ({
        n,
        link: `https://news.example/${n}`,
        story: row.story,
        pubDate: new Date(START + row.minutes * 60_000).toISOString(),
      }),
    ),
  );

const time = (article: Foldable) => Date.parse(article.pubDate);

describe("foldByStory", () => {
  it("never loses or duplicates an article: each is a lead or inside exactly one fold", () => {
    fc.assert(
      fc.property(articles, (list) => {
        const folded = foldByStory(list).flatMap((fold) => [fold.lead, ...fold.more]);
        expect(folded).toHaveLength(list.length);
        expect(new Set(folded.map((article) => article.n))).toEqual(new Set(list.map((article) => article.n)));
      }),
    );
  });

  it("gives each story one fold, led by its earliest article, the rest earliest first; a storyless article alone", () => {
    fc.assert(
      fc.property(articles, (list) => {
        const folds = foldByStory(list);
        const stories = folds.map((fold) => fold.lead.story).filter((story) => story !== null);
        expect(new Set(stories).size).toBe(stories.length);
        for (const fold of folds) {
          if (fold.lead.story === null) {
            expect(fold.more).toEqual([]);
            continue;
          }
          const members = list.filter((article) => article.story === fold.lead.story);
          expect(Math.min(...members.map(time))).toBe(time(fold.lead));
          expect([fold.lead, ...fold.more].every((article) => article.story === fold.lead.story)).toBe(true);
          const times = fold.more.map(time);
          expect(times).toEqual([...times].sort((a, b) => a - b));
          expect(times.every((t) => t >= time(fold.lead))).toBe(true);
        }
      }),
    );
  });

  it("keeps the order in which the list first shows each story", () => {
    fc.assert(
      fc.property(articles, (list) => {
        const firstSeen: string[] = [];
        const seen = new Set<string>();
        for (const article of list) {
          const key = article.story ?? article.link;
          if (!seen.has(key)) {
            seen.add(key);
            firstSeen.push(key);
          }
        }
        expect(foldByStory(list).map((fold) => fold.lead.story ?? fold.lead.link)).toEqual(firstSeen);
      }),
    );
  });

  it("folds a list where the story's later article comes first under the earlier one, in the later's place", () => {
    const late = { link: "https://a.example/late", story: "s", pubDate: "2026-11-02T10:00:00Z" };
    const alone = { link: "https://a.example/alone", story: null, pubDate: "2026-11-02T09:00:00Z" };
    const early = { link: "https://b.example/early", story: "s", pubDate: "2026-11-02T08:00:00Z" };
    expect(foldByStory([late, alone, early])).toEqual([
      { lead: early, more: [late] },
      { lead: alone, more: [] },
    ]);
  });
});
