import type { FeedKey } from "../../contracts/feeds.ts";

/** One invented article of the sample feeds. */
export type SampleArticle = {
  feed: Exclude<FeedKey, "gemwire">;
  slug: string;
  title: string;
  source: string;
  creator: string;
  hoursAgo: number;
  /** Symbol shown on the generated picture; none for a picture-less item. */
  picture?: string;
  summary: string;
  /** Paragraphs of the article page. */
  body: string[];
  /** Its outlet has taken the page down: the feed still lists it, its page answers 404. */
  pageGone?: true;
};
