import { z } from "zod";
import {
  ANALYTICS_DAYS,
  ANALYTICS_TOP_PAGES,
  INVALID_DATES,
  MAX_TAGS,
  parseTags,
  TAG_MAX_LENGTH,
} from "./content-catalog.ts";
import { text } from "./text.ts";

/** An event the admin keeps. */
export const eventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    startDate: z.string().describe("ISO-8601"),
    endDate: z.string().describe("ISO-8601"),
    location: z.object({ city: z.string(), country: z.string() }),
    website: z.url({ protocol: /^https?$/ }),
    imageUrl: z.url({ protocol: /^https?$/ }).nullable(),
  })
  .meta({ id: "Event" });

export type Event = z.infer<typeof eventSchema>;

export const eventsSchema = z.object({
  events: z.array(eventSchema).describe("Sorted by start date, soonest first"),
  sample: z.boolean().describe("True while the built-in sample events stand in for the events store"),
});

/*
 * Events and blog posts kept by the admin, and Gemwire's own page-view counts.
 * Rules and constants shared with the web app are in content-catalog.ts.
 */

const httpUrl = (field: string) =>
  text()
    .trim()
    .max(2048, { error: `${field} must be at most 2048 characters` })
    .pipe(z.url({ protocol: /^https?$/, error: `${field} must be an http(s) address` }));

/** The years a date may fall in: ISO-8601 writes later ones as "+010000-…", which nothing shows well. */
const LATEST_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A picture's address: https only, as the pages' Content-Security-Policy loads images
 * (img-src https:) — a plain http picture would be saved and never shown.
 */
const httpsImageUrl = (field: string) =>
  httpUrl(field).refine((url) => url.startsWith("https:"), {
    error: `${field} must be an https address (pictures over plain http are not shown)`,
  });

const isoDate = (field: string) =>
  text()
    .trim()
    .max(64, { error: `${field} must be a date`, abort: true })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: `${field} must be a date`, abort: true })
    .refine((value) => Date.parse(value) >= 0 && Date.parse(value) <= LATEST_DATE, {
      error: `${field} must be a date between the years 1970 and 9999`,
    })
    .transform((value) => new Date(value).toISOString());

/** The event form: everything required but the image; the start may not be after the end. */
export const eventInputSchema = z
  .object({
    title: text().trim().min(1, { error: "Title is required" }).max(200),
    description: text({ controls: "lines" }).trim().min(1, { error: "Description is required" }).max(5000),
    startDate: isoDate("startDate"),
    endDate: isoDate("endDate"),
    location: z.object({
      city: text().trim().min(1, { error: "City is required" }).max(100),
      country: text().trim().min(1, { error: "Country is required" }).max(100),
    }),
    website: httpUrl("website"),
    imageUrl: httpsImageUrl("imageUrl").nullable().default(null),
  })
  .refine((event) => Date.parse(event.startDate) <= Date.parse(event.endDate), {
    error: INVALID_DATES.message,
    path: ["endDate"],
  });

export type EventInput = z.infer<typeof eventInputSchema>;

/** Admin lists: a search over the visible text, and pages. */
export const adminListQuerySchema = z.object({
  q: text()
    .trim()
    .max(200)
    .optional()
    .describe("Words to look for (title, description or place; title, excerpt, author or tags)"),
  before: text().max(80).optional().describe("A page's `next`"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminEventsSchema = z.object({
  events: z.array(eventSchema).describe("Newest start first"),
  next: z.string().nullable(),
});

export const idParamsSchema = z.object({ id: text().min(1).max(64) });

/** A blog post. `url` is its address on this site (/blog/<slug>), also its comments' contentId. */
export const blogPostSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    url: z.string().describe("/blog/<slug>"),
    title: z.string(),
    excerpt: z.string(),
    content: z.string().describe("Plain text; paragraphs are separated by blank lines"),
    author: z.string(),
    date: z.string().describe("ISO-8601"),
    tags: z.array(z.string()),
    image: z.string().nullable().describe("An http(s) address, or the address of an uploaded image on this site"),
  })
  .meta({ id: "BlogPost" });

export type BlogPost = z.infer<typeof blogPostSchema>;

/** A post as lists show it (cards, the home section): everything but its content. */
export const blogPostSummarySchema = blogPostSchema.omit({ content: true }).meta({ id: "BlogPostSummary" });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** The blog form: nothing required; tags as a list or comma-separated; image an address or an upload's. */
export const blogInputSchema = z.object({
  title: text().trim().max(200).default(""),
  excerpt: text({ controls: "lines" }).trim().max(1000).default(""),
  content: text({ controls: "lines" }).trim().max(100_000).default(""),
  author: text().trim().max(100).default(""),
  date: isoDate("date").optional().describe("When it was written; now when omitted"),
  tags: z
    .union([text().max(2000), z.array(text().max(200)).max(100)])
    .default([])
    .transform((tags) => parseTags(Array.isArray(tags) ? tags.join(",") : tags))
    .refine((tags) => tags.length <= MAX_TAGS, { error: `At most ${MAX_TAGS} tags` })
    .refine((tags) => tags.every((tag) => tag.length <= TAG_MAX_LENGTH), {
      error: `A tag can be at most ${TAG_MAX_LENGTH} characters`,
    }),
  image: z
    .union([httpsImageUrl("image"), text().regex(/^\/api\/blog\/images\/[\w-]{1,64}\.webp$/)], {
      error: "image must be an https address or an uploaded image's address",
    })
    .nullable()
    .default(null),
});

export type BlogInput = z.infer<typeof blogInputSchema>;

export const blogListQuerySchema = z.object({
  before: text().max(80).optional().describe("A page's `next`"),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

/** The admin's list: whole posts, for editing. */
export const blogPostsSchema = z.object({
  posts: z.array(blogPostSchema).describe("Newest first"),
  next: z.string().nullable(),
});

/** The readers' list: posts without their content (a post's page has it). */
export const blogSummariesSchema = z.object({
  posts: z.array(blogPostSummarySchema).describe("Newest first"),
  next: z.string().nullable(),
});

export const slugParamsSchema = z.object({ slug: text().min(1).max(200) });

/** An uploaded blog image, checked by its bytes and re-encoded: its address for `image`. */
export const uploadedImageSchema = z.object({ image: z.string().describe("/api/blog/images/<name>.webp") });

/** Extract: the admin gives an article's address; the server reads the page and fills the form. */
export const extractBodySchema = z.object({ url: httpUrl("url") });

export const extractedSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  content: z.string().describe("Plain paragraphs separated by blank lines"),
  image: z.string().nullable().describe("The page's lead image (og:image), an http(s) address"),
  author: z.string(),
});

/** A page view, reported on each route change (path only; no cookies, no personal data). */
export const pageViewSchema = z.object({ path: text().max(2048) });

export const analyticsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(ANALYTICS_DAYS) });

export const analyticsSchema = z.object({
  days: z
    .array(z.object({ day: z.string().describe("YYYY-MM-DD (UTC)"), views: z.number().int() }))
    .describe("Every day of the period, oldest first, zero where none"),
  top: z
    .array(z.object({ route: z.string().describe("The route pattern, e.g. /token/:symbol"), views: z.number().int() }))
    .describe(`The most viewed routes of the period, at most ${ANALYTICS_TOP_PAGES}`),
  total: z.number().int(),
});

export type Analytics = z.infer<typeof analyticsSchema>;
