import { type RawTrend, type ReadOptions, readTrends, type SourceRead, TrendsFormatError } from "./trend-fields.ts";

/** Google prefixes its JSON answers with `)]}'` (and a comma or line break) so no page can run them as script. */
const ANTI_JSON_PREFIX = /^\s*\)\]\}'\s*,?/;

type Fields = Record<string, unknown>;

const fields = (value: unknown): Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The first entity's traffic; Google's own answers also give entityNames as plain strings, without it. */
function entityTraffic(names: unknown): string | undefined {
  return text(fields(list(names)[0]).entityTraffic);
}

function* rawTrends(stories: unknown[], fetchedAt: Date): Generator<RawTrend> {
  for (const entry of stories) {
    const story = fields(entry);
    const image = fields(story.image);
    yield {
      title: text(story.title),
      traffic: entityTraffic(story.entityNames),
      // The stories carry no date: they trend now.
      pubDate: fetchedAt,
      picture: text(image.imgUrl),
      pictureSource: text(image.source),
      newsItems: list(story.articles).map((article) => {
        const a = fields(article);
        return { title: text(a.articleTitle), url: text(a.url), source: text(a.source) };
      }),
    };
  }
}

/**
 * The real-time trends JSON: storySummaries.trendingStories[], each with title,
 * entityNames[0].entityTraffic, image {imgUrl, source} and articles {articleTitle, url,
 * source}; they trend in the US now (pubDate = when they were read). Stories that cannot
 * be read are skipped, with the reason; an answer without the list throws a TrendsFormatError.
 */
export function parseRealtimeTrends(body: string, options: ReadOptions): SourceRead {
  let answer: unknown;
  try {
    answer = JSON.parse(body.replace(ANTI_JSON_PREFIX, ""));
  } catch {
    throw new TrendsFormatError("Invalid JSON feed structure");
  }
  const stories = fields(fields(answer).storySummaries).trendingStories;
  if (!Array.isArray(stories)) throw new TrendsFormatError("Invalid JSON feed structure");
  return readTrends(rawTrends(stories, options.fetchedAt), options);
}
