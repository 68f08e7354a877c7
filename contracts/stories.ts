import { z } from "zod";
import { feedItemSchema, feedKeySchema } from "./feeds.ts";

export const storySortValues = ["date", "coverage"] as const;

/**
 * A page's `next`: the last story's sort key ("<time>_<n>" by date, "<sources>_<articles>_<time>_<n>"
 * by coverage) or, in the ranking, how many stories came before ("top<n>").
 */
export const STORY_CURSOR = /^(\d{1,15}_\d{1,15}|\d{1,6}_\d{1,6}_\d{1,15}_\d{1,15}|top\d{1,6})$/;

/** Story articles' descriptions are cut to this many characters (the card shows three lines). */
export const STORY_DESCRIPTION_MAX = 300;

export const storiesQuerySchema = z.object({
  feed: feedKeySchema
    .default("gemwire")
    .describe("A feed's stories; gemwire (the default) clusters every feed's articles together, for the top stories"),
  sort: z
    .enum(storySortValues, { error: "sort must be date or coverage" })
    .optional()
    .describe(
      "date: newest story first; coverage: most sources first. Without it, gemwire ranks by coverage, recency and votes, and a feed sorts by date",
    ),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 200" })
    .int({ error: "limit must be a whole number from 1 to 200" })
    .min(1, { error: "limit must be a whole number from 1 to 200" })
    .max(200, { error: "limit must be a whole number from 1 to 200" })
    .default(20)
    .describe("At most this many stories (a page), the first in the chosen order after `before`"),
  before: z
    .string()
    .regex(STORY_CURSOR, { error: "before must be the `next` value of a previous page" })
    .optional()
    .describe("A previous page's `next`: the stories that come after that page, in the same order"),
});

export type StorySort = (typeof storySortValues)[number];

/**
 * A story's article: a feed item without the viewer's own vote or its comment count (a
 * story's answer is kept while its articles and votes stay the same), its description
 * cut for the card.
 */
export const storyArticleSchema = feedItemSchema
  .omit({ myVote: true, comments: true, read: true })
  .extend({
    description: z
      .string()
      .describe(
        `Plain text, cut to at most ${STORY_DESCRIPTION_MAX} characters at a word boundary (ending in "…" when cut)`,
      ),
  })
  .meta({ id: "StoryArticle" });

export type StoryArticle = z.infer<typeof storyArticleSchema>;

export const storySchema = z
  .object({
    id: z.string().describe("Stable while the story's first article stays in it"),
    title: z.string().describe("The earliest article's title"),
    articles: z.array(storyArticleSchema).min(2).describe("Earliest first"),
    timestamp: z.string().describe("ISO-8601 time of the newest article"),
    sources: z.number().int().describe("How many different outlets (FeedItem.source) covered the story"),
    firstSource: z.string().describe("The outlet (FeedItem.source) that reported it first"),
  })
  .meta({ id: "Story" });

export type Story = z.infer<typeof storySchema>;

export const storiesSchema = z.object({
  stories: z.array(storySchema),
  windowHours: z.number().int().describe("Only articles published this many hours back are clustered"),
  next: z.string().nullable().describe("Pass as `before` for the next page; null on the last page"),
});
