import type { Story, StoryArticle } from "../../../../contracts/stories.ts";

const HOUR = 3_600_000;

/** An article as the API sends it. */
export function article(over: Partial<StoryArticle> = {}): StoryArticle {
  return {
    id: "a1",
    title: "Bitcoin hits record high as spot ETF inflows top $1.2 billion",
    link: "https://coindesk.example/bitcoin-record",
    pubDate: new Date(Date.now() - 3 * HOUR).toISOString(),
    undated: false,
    description: "Spot ETF inflows topped $1.2 billion.",
    image: null,
    source: "CoinDesk",
    creator: "Helene",
    votes: { up: 0, down: 0 },
    story: null,
    coins: [],
    ...over,
  };
}

/** A story of two outlets' articles, earliest first, as the API sends it. */
export function story(over: Partial<Story> = {}): Story {
  const articles = over.articles ?? [
    article(),
    article({
      id: "a2",
      title: "Bitcoin sets record high as spot ETF inflows top $1.2B",
      link: "https://decrypt.example/bitcoin-record",
      pubDate: new Date(Date.now() - 2 * HOUR).toISOString(),
      undated: false,
      source: "Decrypt",
    }),
  ];
  return {
    id: "s1",
    title: articles[0]?.title ?? "Untitled",
    articles,
    timestamp: articles.at(-1)?.pubDate ?? new Date().toISOString(),
    sources: new Set(articles.map((a) => a.source)).size,
    firstSource: articles[0]?.source ?? "",
    ...over,
  };
}

/** Stories numbered 1…n, titled "Story 1"… */
export const stories = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    story({ id: `s${i + 1}`, title: `Story ${i + 1}`, firstSource: `Outlet ${i + 1}` }),
  );
