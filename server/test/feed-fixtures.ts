import { expect } from "vitest";
import { FeedParseError, parseFeed } from "../lib/feed-reader/parse-feed.ts";

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

export const atom = (entries: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"${extra}><title>T</title><id>urn:t</id>${entries}</feed>`;

/** Atom 0.3, as Blogger and early publishers wrote it. */
export const atom03 = (entries: string) =>
  `<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title>${entries}</feed>`;
