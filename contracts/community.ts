import { z } from "zod";
import { feedItemSchema } from "./feeds.ts";
import { text } from "./text.ts";

/** Spec §4 Votes and Favorite toggle, kept per member on the server and keyed by article link. */

/** Most favorites one member keeps; the oldest must go before more are added. */
export const FAVORITES_MAX = 1000;

/** Control characters are refused first: the URL check would quietly drop tabs and line breaks. */
export const articleLinkSchema = text()
  .pipe(z.url({ protocol: /^https?$/, error: "Give the article's http(s) link" }).max(2048))
  .describe("The article's link, as FeedItem.link");

export const voteBodySchema = z.object({
  link: articleLinkSchema,
  vote: z
    .enum(["up", "down"])
    .nullable()
    .describe("The member's vote after the click; null removes it (same direction clicked again)"),
});

export const voteResultSchema = z
  .object({
    link: z.string(),
    votes: z.object({ up: z.number().int(), down: z.number().int() }),
    myVote: z.enum(["up", "down"]).nullable(),
  })
  .meta({ id: "VoteResult" });

export type VoteResult = z.infer<typeof voteResultSchema>;

export const favoriteBodySchema = z.object({ link: articleLinkSchema });
export const favoriteQuerySchema = z.object({ link: articleLinkSchema });

export const favoriteResultSchema = z
  .object({ link: z.string(), favorite: z.literal(true) })
  .meta({ id: "FavoriteResult" });

export type FavoriteResult = z.infer<typeof favoriteResultSchema>;

export const favoritesSchema = z.object({
  items: z.array(feedItemSchema).describe("The member's favorite articles, most recently added first"),
});
