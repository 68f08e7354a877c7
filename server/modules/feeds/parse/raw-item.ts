/** What a feed says about one item, before the normalising rules (spec §3) apply. */
export type RawItem = {
  guid?: string;
  /** RSS's `<guid isPermaLink="false">`: the guid is only an id, never an address. */
  guidIsPermaLink?: boolean;
  link?: string;
  title?: string;
  published?: string;
  description?: string;
  enclosureUrl?: string;
  mediaContentUrl?: string;
  mediaThumbnailUrl?: string;
  image?: string;
  creator?: string;
  source?: string;
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
