import type { FeedText } from "./feed-text.ts";

/**
 * What a feed says about one item, before the normalising rules apply. Addresses are as
 * written, resolved against the item's xml:base where one is in force; text fields keep
 * the type their feed declared (plain text or HTML).
 */
export type RawItem = {
  guid?: string;
  /** False where the guid is only an id, never an address (RSS's `isPermaLink="false"`, Atom's id). */
  guidIsPermaLink?: boolean;
  link?: string;
  title?: FeedText;
  /** The dates the feed gives, most telling first (published before updated); the first that reads is used. */
  dates: Array<string | undefined>;
  /** The item's summary: the description, or the content when it has no other. */
  description?: FeedText;
  /** The full content when the feed gives it besides the description: its pictures count too. */
  content?: FeedText;
  /** The xml:base in force for the description and content, when the feed sets one. */
  textBase?: string;
  enclosureUrl?: string;
  mediaContentUrl?: string;
  mediaThumbnailUrl?: string;
  image?: string;
  /** Bylines in order of preference: the first that names someone (not only an address) is shown. */
  creators: Array<FeedText | undefined>;
  source?: FeedText;
};

export class FeedParseError extends Error {
  constructor(
    /**
     * The internal cause: 'Invalid JSON feed structure' or 'Invalid XML feed structure',
     * or why a big feed's parse worker stopped ('The parser took longer than 30 s…').
     */
    readonly reason: string,
  ) {
    super("Failed to parse feed content");
    this.name = "FeedParseError";
  }
}
