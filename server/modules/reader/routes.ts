import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { readerQuerySchema, readerSchema } from "../../../contracts/reading.ts";
import { durationInWords, ruleInWords } from "../../lib/rate-limit/limits.ts";
import type { RateLimitRule } from "../../lib/rate-limit/rate-limit.ts";
import { pageAsker } from "../analysis/index.ts";
import { MAX_PAGES_PER_ASKER, READ_FAILURE_MS, READ_KEPT_MS } from "../pages/index.ts";
import { ReaderService } from "./service.ts";

/** New pages one asker may have read: far more than anyone reads; pages already read are free. */
export const READS_PER_ASKER: RateLimitRule = { limit: 30, windowMs: 60_000 };

const tooManyReads = (seconds: number) => `Too many new pages read for you. Try again in ${seconds} seconds.`;

export const readerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ReaderService({ database: app.database, config: app.config, reads: app.pageReads });

  app.get(
    "/reader",
    {
      schema: {
        tags: ["reader"],
        summary: "An article's readable text for the reader view, as blocks of plain text",
        description: `Only articles Gemwire knows are read: the link of a stored article the viewer may see (the built-in feeds', or a member feed's they follow) or one of their favorites; any other address answers status 'failed' without being fetched. The page is fetched and read once for the reader view and the analysis together, and kept ${durationInWords(READ_KEPT_MS)} (a failing page ${durationInWords(READ_FAILURE_MS)}). Blocks are paragraphs, headings, quotes, lists and https images of plain text runs (links: http(s) only); no markup is ever returned. A page that cannot be read (bloomberg.com and wsj.com, private addresses, a paywall, a failure) answers status 'failed' with the reason; 400 only for a malformed address. New reads are limited to ${ruleInWords(READS_PER_ASKER)} and ${MAX_PAGES_PER_ASKER} at once per member or address, analyses included (429), and only a few run at once per server, analyses included (503, some kept for members).`,
        querystring: readerQuerySchema,
        response: { 200: readerSchema, 400: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) =>
      service.read(
        request.query.url,
        pageAsker(request, "reader", READS_PER_ASKER, tooManyReads),
        request.member?.id ?? null,
      ),
  );
};
