import { z } from "zod";
import { canAnalyze, MAX_ANALYSIS_URL } from "./analysis-catalog.ts";
import { feedKeySchema } from "./feeds.ts";
import { text } from "./text.ts";

/*
 * Article analysis ("AI suggested tickers"). An analysis result is
 * {story_title, key_points, tickers}; Gemwire's key points carry where they are quoted
 * from, and its tickers how often they are named. Rules shared with the web app are in
 * analysis-catalog.ts.
 */

export const keyPointSchema = z
  .object({
    text: z.string().describe("The sentence, verbatim from the article (or the configured LLM's words)"),
    paragraph: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe("The article paragraph it is quoted from, 1 for the first; null when an LLM wrote it"),
    position: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe(
        "Where it starts in the article's text (paragraphs joined by blank lines), in characters; null when an LLM wrote it",
      ),
  })
  .meta({ id: "KeyPoint" });

export const tickerSchema = z
  .object({
    symbol: z.string().describe("Upper case, e.g. SOL"),
    name: z.string().nullable().describe("The coin's name, when known"),
    mentions: z.number().int().min(1).describe("How often the article names it (cashtag, symbol or name)"),
    solana: z.boolean().describe("A Solana-ecosystem token: SOL itself, or a token issued on Solana"),
    token: z.boolean().describe("One of the built-in tokens, with a page at /token/{symbol}"),
  })
  .meta({ id: "Ticker" });

export const analysisSchema = z
  .object({
    story_title: z.string().describe("The article's headline"),
    key_points: z.array(keyPointSchema).describe("3–5 key points, in the article's order"),
    tickers: z.array(tickerSchema).describe("Most mentioned first"),
    url: z.string().describe("The address analysed"),
    method: z
      .enum(["extractive", "llm"])
      .describe(
        "extractive: sentences chosen from the article by Gemwire; llm: written by the configured ANALYSIS_LLM_URL",
      ),
    analyzed_at: z.string().describe("ISO-8601; an analysis is kept 24 hours"),
  })
  .meta({ id: "Analysis" });

export const analysisQuerySchema = z.object({
  url: text({ controls: "refuse" })
    .trim()
    .min(1, { error: "url is required" })
    .max(MAX_ANALYSIS_URL, { error: `url must be at most ${MAX_ANALYSIS_URL} characters` })
    .refine((url) => canAnalyze(url), {
      error:
        "url must be an http(s) article address or a blog post's /blog/<slug>; bloomberg.com and wsj.com pages are not analysed",
    })
    .describe("The article's address, or a blog post's /blog/<slug> (analysed from its stored content)"),
});

export const storyAnalysisQuerySchema = z.object({
  feed: feedKeySchema.default("gemwire").describe("The stories the story is one of (as GET /api/stories)"),
  story: text()
    .trim()
    .min(1, { error: "story is required" })
    .max(200, { error: "story must be a story's id" })
    .describe("The story's id"),
});

export const storyAnalysisSchema = analysisSchema
  .extend({
    lead: z.string().describe("The article whose text gave the title and key points"),
    articles: z.number().int().min(1).describe("How many of the story's articles the tickers were counted across"),
  })
  .meta({ id: "StoryAnalysis" });
