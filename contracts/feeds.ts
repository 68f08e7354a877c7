import { z } from "zod";

export const feedKeys = [
  "bitcoin",
  "gemwire",
  "news",
  "market",
  "search",
  "xfeed",
  "nftart",
  "instagram",
  "tiktok",
  "youtube",
  "animalmemes",
] as const;

export const feedKeySchema = z.enum(feedKeys);
export type FeedKey = z.infer<typeof feedKeySchema>;

export const feedItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    link: z.string().describe("http(s) address of the article, or empty when the feed gave none"),
    pubDate: z.string().describe("ISO-8601"),
    description: z.string().describe("Plain text: the feed's markup removed"),
    image: z.string().nullable(),
    source: z.string(),
    creator: z.string(),
    votes: z.object({ up: z.number().int(), down: z.number().int() }),
  })
  .meta({ id: "FeedItem" });

export type FeedItem = z.infer<typeof feedItemSchema>;
