import { z } from "zod";
import { trendCountries, trendPeriods, trendSorts } from "./trends-catalog.ts";

/*
 * Search Trends, read by Gemwire's server from the daily trending-searches RSS
 * of five countries (and, when configured, the real-time trends) and kept 7 days.
 * Rules and constants shared with the web app are in trends-catalog.ts.
 */

export const trendNewsItemSchema = z
  .object({
    title: z.string(),
    url: z.string().describe("An http(s) address; items with any other kind are left out"),
    source: z.string(),
  })
  .meta({ id: "TrendNewsItem" });

/** A trend, with the country it trends in. */
export const trendSchema = z
  .object({
    title: z.string(),
    traffic: z.string().describe("As the source wrote it, e.g. 200K+"),
    trafficNumber: z.number().int().min(0).describe("The traffic read as a number (200K+ is 200000), 0 when unknown"),
    picture: z
      .string()
      .nullable()
      .describe("An https picture address (in sample mode, a path on this server to its sample picture), or null"),
    pictureSource: z.string().nullable(),
    newsItems: z.array(trendNewsItemSchema),
    pubDate: z.string().describe("ISO-8601: when the source published the trend"),
    country: z
      .enum(trendCountries)
      .describe("Where it trends (of duplicates across countries, the one with the most traffic)"),
  })
  .meta({ id: "Trend" });

export type Trend = z.infer<typeof trendSchema>;

const trendSourceStatusSchema = z.object({
  source: z.string().describe("A country code, or 'realtime'"),
  lastSuccessAt: z.string().nullable().describe("ISO-8601: when it was last read"),
  lastError: z.string().nullable().describe("Why the last read failed, in plain words; null when it worked"),
});

export const trendsSchema = z.object({
  trends: z.array(trendSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1).describe("At least 1, also when there are no trends"),
  total: z.number().int().min(0),
  updatedAt: z
    .string()
    .nullable()
    .describe("ISO-8601: when trends were last read from any source; null before the first read"),
  nextUpdateAt: z.string().nullable().describe("ISO-8601: when the next read is due"),
  sources: z.array(trendSourceStatusSchema).describe("Every source's last read, so failures show in place"),
  sample: z.boolean().describe("True while SAMPLE_MODE serves the bundled sample trends"),
});

export type Trends = z.infer<typeof trendsSchema>;

export const trendsQuerySchema = z.object({
  period: z.enum(trendPeriods, { error: "period must be 4h, 24h, 48h or 7d" }).default("24h"),
  sort: z.enum(trendSorts, { error: "sort must be traffic or time" }).default("traffic"),
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int({ error: "page must be a whole number from 1" })
    .min(1, { error: "page must be a whole number from 1" })
    .max(10_000, { error: "page must be a whole number from 1" })
    .default(1)
    .describe("20 trends a page; a page past the last answers no trends, with `pages`"),
});
