import { expect } from "vitest";
import { FeedParseError, parseFeed } from "../modules/feeds/parse/parse-feed.ts";

/** Shared by the parser's table tests: a fixed fetch time, and small RSS builders. */
export const fetchedAt = new Date("2026-11-22T12:00:00.000Z");
export const parse = (body: string) => parseFeed(body, { fetchedAt });
export const only = (body: string) => {
  const items = parse(body);
  expect(items).toHaveLength(1);
  return items[0] as (typeof items)[number];
};

export const rss = (items: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"${extra}><channel><title>T</title>${items}</channel></rss>`;

export function parseError(body: string): FeedParseError {
  try {
    parse(body);
  } catch (error) {
    if (error instanceof FeedParseError) return error;
    throw error;
  }
  throw new Error("expected a parse error");
}
