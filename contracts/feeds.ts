import { z } from "zod";
import { feedKeys } from "./feed-catalog.ts";
import { COIN_SYMBOL, MAX_COIN_TAGS } from "./reading-catalog.ts";
import { text } from "./text.ts";

export { type FeedKey, feedKeys, feedTitles } from "./feed-catalog.ts";

export const feedKeySchema = z.enum(feedKeys);

export const feedItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    link: z.string().describe("http(s) address of the article, or empty when the feed gave none"),
    pubDate: z
      .string()
      .describe("ISO-8601: the feed's date, or, for an undated article, when Gemwire first saw it (for order only)"),
    undated: z
      .boolean()
      .describe("The feed gave no date for this article: show it as undated, never pubDate as its date"),
    description: z.string().describe("Plain text: the feed's markup removed"),
    image: z.string().nullable(),
    source: z.string(),
    creator: z.string(),
    votes: z
      .object({ up: z.number().int(), down: z.number().int() })
      .describe("Members' up and down votes on this article's link, across every feed"),
    myVote: z
      .enum(["up", "down"])
      .nullable()
      .describe("The signed-in member's own vote on this link; null for visitors and when not voted"),
    comments: z.number().int().describe("Members' comments on this article's link"),
    story: z
      .string()
      .nullable()
      .describe(
        "The story this article is one of (GET /api/stories?feed=gemwire ids, over the stories window); null when it is in none. Lists fold the articles of one story under the earliest",
      ),
    coins: z
      .array(z.string())
      .describe(
        `The coins detected in the title and description (upper-case symbols, most mentioned first, at most ${MAX_COIN_TAGS})`,
      ),
    read: z
      .boolean()
      .describe(
        "The signed-in member has opened this link (kept 90 days); always false for visitors, who keep their own",
      ),
  })
  .meta({ id: "FeedItem" });

export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedStatusSchema = z
  .object({
    key: feedKeySchema,
    title: z.string(),
    tags: z.array(z.string()),
    lastUpdated: z.string().nullable().describe("ISO-8601 time of the last successful refresh"),
    lastError: z
      .string()
      .nullable()
      .describe(
        "Why the last refresh failed, in the words the feed status shows (e.g. 'All proxies failed'); null after a success",
      ),
    lastErrorDetail: z
      .string()
      .nullable()
      .describe("What went wrong underneath lastError: the last relay's error, or why the feed could not be parsed"),
    lastErrorReason: z
      .string()
      .nullable()
      .describe(
        "The last error in plain words, e.g. 'The address example.com could not be found (no internet or DNS?).'",
      ),
    lastErrorAt: z.string().nullable().describe("ISO-8601 time of the failed refresh; null after a success"),
    itemCount: z.number().int(),
    sourceAddress: z
      .string()
      .nullable()
      .describe(
        "Where the feed is fetched from, without credentials and with any query string shown as '?…' (it may carry a token); null for Gemwire's own feed",
      ),
    lastAttempt: z.string().nullable().describe("ISO-8601 time of the last refresh attempt, successful or not"),
    consecutiveFailures: z.number().int().describe("Failed refreshes since the last success"),
    nextAttempt: z
      .string()
      .nullable()
      .describe(
        "ISO-8601 time from which the next refresh is due (the server checks every 30 s); null before the first",
      ),
  })
  .meta({ id: "FeedStatus" });

export type FeedStatus = z.infer<typeof feedStatusSchema>;

export const feedListSchema = z.object({
  feeds: z.array(feedStatusSchema),
  error: z.string().nullable().describe("'Failed to fetch feeds. Please try again later.' when every feed failed"),
});

/** `?coin=SOL`: only articles tagged with this coin (any case; answered upper case). */
export const coinFilterSchema = text()
  .trim()
  .regex(COIN_SYMBOL, { error: "coin must be a coin's symbol, such as SOL (letters and digits, at most 12)" })
  .transform((symbol) => symbol.toUpperCase())
  .optional()
  .describe("Only articles tagged with this coin's symbol (e.g. SOL)");

export const feedItemsQuerySchema = z.object({
  coin: coinFilterSchema,
  source: text().trim().min(1).max(200).optional().describe("Only items from this source (a host or publisher)"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z
    .union([z.iso.datetime({ offset: true }), text().regex(/^(\d{1,15}_\d{1,15}|top\d{1,4})$/)], {
      error: "must be an ISO-8601 time or the `next` value of a previous page",
    })
    .optional()
    .describe(
      "Only items older than this: a time, or a previous page's `next` (for gemwire, `top<n>` goes on from its n-th top story)",
    ),
});

export const feedItemsSchema = z.object({
  items: z.array(feedItemSchema),
  next: z.string().nullable().describe("Pass as `before` for the next page; null on the last page"),
});

export const searchQuerySchema = z.object({
  q: text().trim().min(1, { error: "Type something to search for" }).max(200),
});

export const searchResultsSchema = z.object({
  results: z
    .array(feedItemSchema)
    .describe(
      "At most 5 stories, best match first: each story's matching articles together (earliest first), an article in no story on its own",
    ),
});
