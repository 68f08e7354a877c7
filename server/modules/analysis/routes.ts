import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  analysisQuerySchema,
  analysisSchema,
  storyAnalysisQuerySchema,
  storyAnalysisSchema,
} from "../../../contracts/analysis.ts";
import { ANALYSIS_CACHE_MS, ANALYSIS_FAILED } from "../../../contracts/analysis-catalog.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import type { RateLimitMessage } from "../../errors.ts";
import { limitAddress } from "../../lib/rate-limit/client-address.ts";
import { durationInWords, enforceLimits, ruleInWords } from "../../lib/rate-limit/limits.ts";
import type { RateLimitRule } from "../../lib/rate-limit/rate-limit.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { MAX_PAGES_PER_ASKER } from "../pages/index.ts";
import { LLM_FETCH } from "./llm.ts";
import { AnalysisService, type Asker, FAILURE_CACHE_MS } from "./service.ts";

/** New analyses one asker may start: far more than anyone reads; analyses already kept are free. */
export const ANALYSES_PER_ASKER: RateLimitRule = { limit: 20, windowMs: 60_000 };

const tooManyAnalyses = (seconds: number) =>
  `${ANALYSIS_FAILED}: too many new analyses from you. Try again in ${seconds} seconds.`;

/**
 * Who asks for pages to be fetched (an analysis, the reader view): a member is counted by
 * account, anyone else by address (an IPv6 /64), so a stranger on the same network cannot
 * use up a member's share, nor their share of those in hand. New work is charged against
 * `rule` under `bucket`.
 */
export function pageAsker(
  request: FastifyRequest,
  bucket: string,
  rule: RateLimitRule,
  message: RateLimitMessage,
): Asker {
  const key = request.member ? `member:${request.member.id}` : `ip:${limitAddress(request.ip)}`;
  return {
    key,
    member: request.member !== null,
    charge: () => enforceLimits(request, [[`${bucket}:${key}`, rule, message]]),
  };
}

const askerOf = (request: FastifyRequest) => pageAsker(request, "analysis", ANALYSES_PER_ASKER, tooManyAnalyses);

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // The LLM is the operator's own endpoint, maybe a model server on this machine: any
  // address, but only the configured one (a POST is never redirected).
  const llmFetch = config.analysisLlm ? createGuardedFetch({ allowPrivate: true, ...LLM_FETCH }) : undefined;
  app.addHook("onClose", async () => {
    await llmFetch?.close();
  });

  const service = new AnalysisService({
    database: app.database,
    config,
    log: app.log.child({ module: "analysis" }),
    coins: app.coins,
    reads: app.pageReads,
    llm: config.analysisLlm && llmFetch ? { fetcher: llmFetch, settings: config.analysisLlm } : undefined,
  });

  const errors = {
    400: errorBodySchema,
    404: errorBodySchema,
    429: errorBodySchema,
    502: errorBodySchema,
    503: errorBodySchema,
  };

  app.get(
    "/analysis",
    {
      schema: {
        tags: ["analysis"],
        summary: "Analyse an article: its headline, 3–5 key points quoted from it, and the coins it names",
        description: `Key points are the article's own sentences chosen by TextRank (or written by the operator's LLM when ANALYSIS_LLM_URL is set: method says which); tickers come from cashtags, 'Name (SYM)' and the price API's coin list, most mentioned first. A blog post's /blog/<slug> is analysed from its stored text. Analyses are kept ${durationInWords(ANALYSIS_CACHE_MS)} (a failing page, or one made while the coin list or the LLM failed, ${durationInWords(FAILURE_CACHE_MS)}); new ones are limited to ${ruleInWords(ANALYSES_PER_ASKER)} and ${MAX_PAGES_PER_ASKER} at once per member or address (429), and only a few run at once per server (503, some kept for members). Private and local addresses are never fetched. Failures answer '${ANALYSIS_FAILED}: <why>'.`,
        querystring: analysisQuerySchema,
        response: { 200: analysisSchema, ...errors },
      },
    },
    async (request) => service.analyse(request.query.url, askerOf(request)),
  );

  app.get(
    "/analysis/story",
    {
      schema: {
        tags: ["analysis"],
        summary: "Analyse a whole story: its lead article's analysis, with the tickers counted across all its articles",
        description:
          "The lead is the story's first article that can be analysed and read (of its first three such articles); tickers add every article's stored title and description to the lead's text. A story is charged as one new analysis at most. 422 when none of its articles can be analysed (all on refused sites or private addresses); 502 when their pages could not be fetched or read.",
        querystring: storyAnalysisQuerySchema,
        response: { 200: storyAnalysisSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request) => service.analyseStory(request.query.feed, request.query.story, askerOf(request)),
  );
};
