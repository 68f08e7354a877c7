import { z } from "zod";
import { historyRanges, MAX_PRICE_SYMBOLS } from "./market-catalog.ts";
import { storyArticleSchema } from "./stories.ts";
import { text } from "./text.ts";

export const pricesQuerySchema = z.object({
  symbols: text()
    .trim()
    .min(1, { error: "Name at least one symbol, e.g. symbols=BTC,ETH" })
    .max(400)
    .describe(`Comma-separated symbols, e.g. BTC,ETH (case-insensitive, at most ${MAX_PRICE_SYMBOLS})`),
});

export const priceQuoteSchema = z
  .object({
    usd: z.number().describe("Price in US dollars"),
    change24h: z.number().nullable().describe("Change over 24 hours in percent; null when the source gave none"),
    marketCap: z.number().nullable().describe("Market capitalisation in US dollars"),
    volume24h: z.number().nullable().describe("Trading volume over 24 hours in US dollars"),
    asOf: z.string().describe("ISO-8601 time the price was fetched from its source"),
    source: z.string().describe("Where the price came from: the price API's host, or 'sample' in sample mode"),
  })
  .meta({ id: "PriceQuote" });

export type PriceQuote = z.infer<typeof priceQuoteSchema>;

export const pricesSchema = z.object({
  prices: z
    .record(z.string(), priceQuoteSchema.nullable())
    .describe("Per symbol asked (upper-case): its quote, or null when there is no price now"),
  unavailable: z
    .object({
      reason: z.string().describe("Why prices could not be fetched, in plain words"),
      lastGood: z
        .record(z.string(), z.string())
        .describe("Per symbol without a price now: ISO-8601 time of its last good price, when there was one"),
      retryAt: z.string().describe("ISO-8601 time from which the source will be asked again"),
    })
    .nullable()
    .describe("Set when the price source failed; null when every price could be asked"),
});

export type Prices = z.infer<typeof pricesSchema>;

export const historyQuerySchema = z.object({ range: z.enum(historyRanges).default("24h") });

export const historySchema = z.object({
  symbol: z.string(),
  range: z.enum(historyRanges),
  points: z
    .array(z.object({ t: z.string().describe("ISO-8601"), usd: z.number() }))
    .describe("Recorded prices, oldest first; long ranges averaged into at most a few hundred points"),
  recordedSince: z
    .string()
    .nullable()
    .describe("ISO-8601 time of the oldest snapshot kept for this token; null when none is recorded yet"),
});

export type PriceHistory = z.infer<typeof historySchema>;

export const tokenNewsItemSchema = storyArticleSchema
  .extend({
    feed: z.string().describe("The feed key the article was stored under"),
    story: z
      .object({ id: z.string(), title: z.string(), feed: z.string() })
      .nullable()
      .describe("The story (cluster of 2+ articles) this article belongs to on that feed, if any"),
  })
  .meta({ id: "TokenNewsItem" });

export type TokenNewsItem = z.infer<typeof tokenNewsItemSchema>;

/** The longest token news list one request may ask for. */
export const TOKEN_NEWS_MAX = 50;

export const tokenNewsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TOKEN_NEWS_MAX).default(10),
});

export const tokenNewsSchema = z.object({
  items: z
    .array(tokenNewsItemSchema)
    .describe("Newest first: stored articles whose title or description names the token (symbol, $cashtag or name)"),
});
