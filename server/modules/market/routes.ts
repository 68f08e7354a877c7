import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import {
  historyQuerySchema,
  historySchema,
  pricesQuerySchema,
  pricesSchema,
  tokenNewsQuerySchema,
  tokenNewsSchema,
} from "../../../contracts/market.ts";
import { findBuiltInToken, MAX_PRICE_SYMBOLS, SYMBOL } from "../../../contracts/market-catalog.ts";
import { text } from "../../../contracts/text.ts";
import { invalidRequest, notFound } from "../../errors.ts";
import { answersOf, JSON_TYPE, sendKept, sharedFor } from "../../lib/answer-cache.ts";
import { priceHistory, tokenNews } from "./service.ts";

/** A symbol as shown back in an error: short, so a huge input does not come back whole. */
const shown = (symbol: string) => JSON.stringify(symbol.length > 20 ? `${symbol.slice(0, 20)}…` : symbol);

/** The asked symbols, upper-case and each once, or a 400 naming what is wrong. */
export function parseSymbols(list: string): string[] {
  const symbols = new Set<string>();
  for (const piece of list.split(",")) {
    const symbol = piece.trim();
    if (symbol === "") continue;
    if (!SYMBOL.test(symbol)) {
      throw invalidRequest(`${shown(symbol)} is not a symbol: use 1 to 15 letters or digits, e.g. BTC`);
    }
    symbols.add(symbol.toUpperCase());
  }
  if (symbols.size === 0) throw invalidRequest("Name at least one symbol, e.g. symbols=BTC,ETH");
  if (symbols.size > MAX_PRICE_SYMBOLS) {
    throw invalidRequest(`At most ${MAX_PRICE_SYMBOLS} symbols per request (got ${symbols.size})`);
  }
  return [...symbols];
}

const tokenParams = z.object({
  symbol: text().max(40).describe("A built-in token's symbol, e.g. BTC (case-insensitive)"),
});

function builtInToken(symbol: string) {
  const token = findBuiltInToken(symbol);
  if (!token) throw notFound("Token not found");
  return token;
}

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/prices",
    {
      schema: {
        tags: ["market"],
        summary: "Current prices in US dollars from the price API (kept 30 s)",
        description:
          "Every symbol asked comes back: its quote, or null when there is no price now (an unknown coin, or the price source failing). Symbols map to the price API's coin ids (BTC→bitcoin, …, else the lower-case symbol); all are fetched in one call and kept 30 seconds. When the source fails, `unavailable` says why, when each coin last had a good price, and when the source will be asked again.",
        querystring: pricesQuerySchema,
        response: { 200: pricesSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const symbols = parseSymbols(request.query.symbols);
      // Private: in members-only mode no shared cache may hand them on; short, as the
      // server keeps its own for 30 s and the page asks every 30 s.
      reply.header("cache-control", "private, max-age=10");
      return app.prices.prices(symbols);
    },
  );

  app.get(
    "/tokens/:symbol/history",
    {
      schema: {
        tags: ["market"],
        summary: "A built-in token's recorded prices over a range (1h, 24h, 7d or 30d)",
        description:
          "From the snapshots the server records every minute and keeps 30 days; longer ranges are averaged into at most 300 points. `recordedSince` tells how far back recording goes. Answers carry an ETag: with If-None-Match, an unchanged answer answers 304.",
        params: tokenParams,
        querystring: historyQuerySchema,
        response: {
          200: historySchema,
          304: z.undefined().describe("Not modified: the answer If-None-Match names is still current"),
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const token = builtInToken(request.params.symbol);
      const { range } = request.query;
      const page = await answersOf(app.database).answer({
        key: JSON.stringify(["history", token.symbol, range]),
        tables: ["price_snapshots"],
        build: async () =>
          JSON.stringify(z.encode(historySchema, await priceHistory(app.database, token.symbol, range))),
      });
      return sendKept(request, reply, page, {
        cacheControl: sharedFor(app.config.accessMode, 30),
        vary: [],
        type: JSON_TYPE,
      });
    },
  );

  app.get(
    "/tokens/:symbol/news",
    {
      schema: {
        tags: ["market"],
        summary: "The latest stored articles that mention a built-in token",
        description:
          "Articles of every feed, one per link, newest first, whose title or description names the token: its symbol as a word in capitals (BTC, ETH's), its cashtag in any case ($btc), or its name as a word in any case (Bitcoin). Each carries the story it belongs to on its feed, if any.",
        params: tokenParams,
        querystring: tokenNewsQuerySchema,
        response: { 200: tokenNewsSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const token = builtInToken(request.params.symbol);
      return { items: await tokenNews(app.database, token, request.query.limit, app.config.storiesWindowMs) };
    },
  );
};
