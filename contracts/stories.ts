import { z } from "zod";
import { feedItemSchema, feedKeySchema } from "./feeds.ts";

export const storySortValues = ["date", "coverage"] as const;

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
    .default(50)
    .describe("At most this many stories, the first in the chosen order"),
});

export type StorySort = (typeof storySortValues)[number];

export const storySchema = z
  .object({
    id: z.string().describe("Stable while the story's first article stays in it"),
    title: z.string().describe("The earliest article's title"),
    articles: z.array(feedItemSchema).min(2).describe("Earliest first"),
    timestamp: z.string().describe("ISO-8601 time of the newest article"),
    sources: z.number().int().describe("How many different outlets (FeedItem.source) covered the story"),
    firstSource: z.string().describe("The outlet (FeedItem.source) that reported it first"),
  })
  .meta({ id: "Story" });

export type Story = z.infer<typeof storySchema>;

export const storiesSchema = z.object({
  stories: z.array(storySchema),
  windowHours: z.number().int().describe("Only articles published this many hours back are clustered"),
});
