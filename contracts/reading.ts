import { z } from "zod";
import { feedItemSchema } from "./feeds.ts";
import {
  MAX_FEED_ADDRESS,
  MAX_MEMBER_FEEDS,
  MAX_OPML_BYTES,
  MAX_READ_LINKS_PER_REQUEST,
  MEMBER_FEED_KEY,
} from "./reading-catalog.ts";
import { storyArticleSchema } from "./stories.ts";
import { text } from "./text.ts";

/*
 * Read state, the reading preference, the reader view and members' own feeds.
 * Rules and texts shared with the web app are in reading-catalog.ts.
 */

const articleLink = text({ controls: "refuse" })
  .trim()
  .min(1, { error: "Each link must be an http(s) address" })
  .max(2048, { error: "Each link must be at most 2048 characters" })
  .regex(/^https?:\/\//i, { error: "Each link must be an http(s) address" });

// ---------------------------------------------------------------------------------------
// Read state (members; visitors keep theirs in the browser)

export const readStateBodySchema = z.object({
  links: z
    .array(articleLink)
    .min(1, { error: "Give at least one link" })
    .max(MAX_READ_LINKS_PER_REQUEST, { error: `At most ${MAX_READ_LINKS_PER_REQUEST} links at once` })
    .describe("Article links to mark"),
  read: z.boolean().describe("true: read; false: unread again"),
});

export const readStateResultSchema = z.object({
  links: z.array(z.string()).describe("The links as marked"),
  read: z.boolean(),
});

export const readingPreferencesSchema = z
  .object({
    showEveryArticle: z
      .boolean()
      .describe("false (the default): lists fold each story's articles under its earliest; true: every article"),
  })
  .meta({ id: "ReadingPreferences" });

export type ReadingPreferences = z.infer<typeof readingPreferencesSchema>;

// ---------------------------------------------------------------------------------------
// Reader view: an article's readable text as blocks of plain text, never markup

export const readerRunSchema = z
  .object({
    text: z.string(),
    href: z.string().nullable().describe("An http(s) address when the run is a link"),
    strong: z.boolean(),
    em: z.boolean(),
  })
  .meta({ id: "ReaderRun" });

export const readerBlockSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("paragraph"), runs: z.array(readerRunSchema) }),
    z.object({
      type: z.literal("heading"),
      level: z.union([z.literal(2), z.literal(3), z.literal(4)]),
      runs: z.array(readerRunSchema),
    }),
    z.object({ type: z.literal("quote"), runs: z.array(readerRunSchema) }),
    z.object({ type: z.literal("list"), ordered: z.boolean(), items: z.array(z.array(readerRunSchema)) }),
    z.object({ type: z.literal("image"), src: z.string().describe("https only"), alt: z.string() }),
  ])
  .meta({ id: "ReaderBlock" });

export type ReaderBlock = z.infer<typeof readerBlockSchema>;

export const readerQuerySchema = z.object({
  url: text({ controls: "refuse" })
    .trim()
    .min(1, { error: "url is required" })
    .max(2048, { error: "url must be at most 2048 characters" })
    .describe("The article's address"),
});

export const readerSchema = z
  .object({
    url: z.string(),
    status: z.enum(["ok", "failed"]),
    reason: z
      .string()
      .nullable()
      .describe("Why the page could not be read (blocked host, paywall, failure), in plain words; null when ok"),
    title: z.string(),
    byline: z.string().nullable().describe("The author, from the page or the feed"),
    outlet: z.string().nullable().describe("The site or outlet"),
    publishedAt: z.string().nullable().describe("ISO-8601, from the feed or the page"),
    blocks: z.array(readerBlockSchema).describe("The readable text; empty when status is failed"),
    article: feedItemSchema.nullable().describe("The stored article at this address, with its votes and tags"),
    others: z.array(storyArticleSchema).describe("The story's other sources, earliest first"),
    readAt: z.string().describe("ISO-8601 time the text was read from the page (kept 24 hours)"),
  })
  .meta({ id: "Reader" });

export type Reader = z.infer<typeof readerSchema>;

// ---------------------------------------------------------------------------------------
// Members' own feeds

export const memberFeedKeySchema = z.string().regex(MEMBER_FEED_KEY, { error: "Not a member feed's key" });

export const memberFeedSchema = z
  .object({
    key: z.string().describe("mf-…: the same for every member who follows this address"),
    title: z.string(),
    url: z.string().describe("The feed's address (credentials removed)"),
    siteUrl: z.string().nullable().describe("The site the feed was found on, when added by the site's address"),
    addedAt: z.string().describe("ISO-8601 time this member followed it"),
    lastUpdated: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorReason: z.string().nullable().describe("The last error in plain words"),
    nextAttempt: z.string().nullable(),
    itemCount: z.number().int(),
  })
  .meta({ id: "MemberFeed" });

export type MemberFeed = z.infer<typeof memberFeedSchema>;

export const memberFeedListSchema = z.object({
  feeds: z.array(memberFeedSchema),
  limit: z.literal(MAX_MEMBER_FEEDS),
  enabled: z.boolean().describe("false when the operator turned members' feeds off (MEMBER_FEEDS=off)"),
});

export const addMemberFeedBodySchema = z.object({
  address: text({ controls: "refuse" })
    .trim()
    .min(1, { error: "Paste a feed's or a site's address" })
    .max(MAX_FEED_ADDRESS, { error: `The address must be at most ${MAX_FEED_ADDRESS} characters` })
    .describe("A feed's address, or a site's: its page's <link rel=alternate> feed is followed"),
});

export const opmlImportBodySchema = z.object({
  opml: text({ controls: "lines" })
    .min(1, { error: "The OPML file is empty" })
    .max(MAX_OPML_BYTES, { error: `The OPML file must be at most ${MAX_OPML_BYTES / 1_000_000} MB` }),
});

export const opmlLineSchema = z
  .object({
    line: z.number().int().min(1).describe("The outline's line in the file"),
    address: z.string().nullable().describe("Its xmlUrl, when it has one"),
    title: z.string().nullable(),
    result: z.enum(["added", "skipped", "refused"]),
    reason: z.string().describe("What happened, e.g. 'Already following' or 'Not an http(s) address'"),
  })
  .meta({ id: "OpmlLine" });

export const opmlImportResultSchema = z.object({
  lines: z.array(opmlLineSchema),
  added: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
});
