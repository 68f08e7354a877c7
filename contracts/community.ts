import { z } from "zod";
import { blurtFilters, blurtSorts, COMMENT_MAX_LENGTH, isBlankComment, normaliseComment } from "./community-catalog.ts";
import { feedItemSchema } from "./feeds.ts";
import { predictionSchema } from "./gems.ts";
import { text } from "./text.ts";

/** Votes and favorites, kept per member on the server and keyed by article link. */

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

/*
 * Comments, notifications and the Blurts timeline: the API's schemas.
 * Rules and constants shared with the web app are in community-catalog.ts.
 */

/** What a comment belongs to: an article's http(s) link, or a blog post's url on this site (/blog/<slug>). */
export const contentIdSchema = text()
  .max(2048, { error: "contentId must be at most 2048 characters" })
  .pipe(
    z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/blog\/[A-Za-z0-9][\w-]{0,199}$/)], {
      error: "contentId must be an article's http(s) link or a blog post's address (/blog/<slug>)",
    }),
  )
  .describe("The article's link (FeedItem.link) or the blog post's url");

/** The comment's text: several lines allowed, trimmed, not blank, at most COMMENT_MAX_LENGTH after trimming. */
export const commentContentSchema = text({ controls: "lines" })
  .transform(normaliseComment)
  .refine((content) => !isBlankComment(content), { error: "Write something before sending the comment" })
  .refine((content) => content.length <= COMMENT_MAX_LENGTH, {
    error: `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`,
  });

export const commentSchema = z
  .object({
    id: z.string(),
    contentId: z.string(),
    contentTitle: z.string().nullable().describe("The article's title when the comment was written"),
    username: z.string().nullable(),
    handle: z.string().nullable().describe("The commenter's handle; show username, else handle, else 'Anonymous'"),
    avatar: z.string().nullable(),
    content: z.string().describe("Plain text; show it as text, with only http(s) addresses made links"),
    timestamp: z.string().describe("ISO-8601 time it was posted"),
    editedAt: z.string().nullable().describe("ISO-8601 time of the last edit; null if never edited"),
  })
  .meta({ id: "Comment" });

export type Comment = z.infer<typeof commentSchema>;

/** A page's `next` in a newest-first list: the last entry's time and id. */
const pageCursorSchema = text().max(80).optional().describe("A page's `next`, for the following page");

export const commentsQuerySchema = z.object({
  contentId: contentIdSchema,
  before: pageCursorSchema,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const commentsSchema = z.object({
  comments: z.array(commentSchema).describe("Newest first"),
  next: z.string().nullable(),
  total: z.number().int().describe("How many comments the article or post has"),
});
export type Comments = z.infer<typeof commentsSchema>;

export const addCommentSchema = z.object({ contentId: contentIdSchema, content: commentContentSchema });
export const editCommentSchema = z.object({ content: commentContentSchema });
export const commentIdParamsSchema = z.object({ id: text().min(1).max(40) });

export const notificationKinds = ["comment", "mention", "prediction"] as const;

export const notificationSchema = z
  .object({
    id: z.string(),
    seq: z.number().int().describe("The member's notifications are numbered 1, 2, 3… in the order they were made"),
    kind: z.enum(notificationKinds),
    title: z
      .string()
      .describe("'New Comment', 'New Mention', 'Prediction Won', 'Prediction Lost' or 'Prediction Refunded'"),
    description: z.string().describe("For a comment, its first 50 characters with '...' when longer"),
    read: z.boolean(),
    timestamp: z.string().describe("ISO-8601"),
    target: z.string().nullable().describe("Where clicking it goes, a path on this site (e.g. /blurts?comment=<id>)"),
  })
  .meta({ id: "Notification" });

export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional().describe("A page's `next`: older than this seq"),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const notificationsSchema = z.object({
  notifications: z.array(notificationSchema).describe("Newest first"),
  unread: z.number().int().min(0),
  next: z.number().int().nullable().describe("Pass as `before` for older ones; null on the last page"),
  seq: z.number().int().describe("The member's latest notification number: open the stream with after=seq"),
});
export type Notifications = z.infer<typeof notificationsSchema>;

export const unreadSchema = z.object({ unread: z.number().int().min(0) });
export type Unread = z.infer<typeof unreadSchema>;

export const notificationIdParamsSchema = z.object({ id: text().min(1).max(40) });

export const readAllSchema = z
  .object({
    through: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Mark only notifications numbered up to this (those the member has seen); all when omitted"),
  })
  .default({});

export const notificationStreamQuerySchema = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe("Send notifications numbered after this first; the Last-Event-ID header of a reconnect wins"),
});

/**
 * One server-sent `notification` event's data; its event id is the notification's seq.
 * A `ready` event ({unread, seq}) opens the stream.
 */
export const notificationEventSchema = z.object({ notification: notificationSchema, unread: z.number().int() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const blurtsQuerySchema = z.object({
  filter: z.enum(blurtFilters).default("all"),
  sort: z.enum(blurtSorts).default("newest"),
  before: pageCursorSchema,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const blurtSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("comment"), comment: commentSchema }),
    z.object({ kind: z.literal("prediction"), prediction: predictionSchema }),
  ])
  .meta({ id: "Blurt" });

export type Blurt = z.infer<typeof blurtSchema>;

export const blurtsSchema = z.object({
  blurts: z.array(blurtSchema).describe("In the order the sort asks for"),
  next: z.string().nullable(),
});
export type Blurts = z.infer<typeof blurtsSchema>;
