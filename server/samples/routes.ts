import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { feedKeySchema } from "../../contracts/feeds.ts";
import { text } from "../../contracts/text.ts";
import { notFound } from "../errors.ts";
import { renderSampleMemberFeed, renderSamplePost, renderSampleSite } from "./member-feed.ts";
import { articleStylesheet, findSampleArticle, renderArticlePage, renderPicture } from "./render-extras.ts";
import { renderSampleFeed } from "./render-feeds.ts";
import { renderRealtimeTrends, renderTrends } from "./render-trends.ts";
import { sampleCoinList, samplePrices } from "./sample-prices.ts";

/**
 * The sample sources Gemwire serves itself in sample mode (npm run demo): feeds in every
 * format, article pages, pictures, CoinGecko-style prices, Google-Trends-style RSS and
 * real-time trends.
 */
export const sampleRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
  const hide = { hide: true };

  app.get(
    "/samples/feeds/:key",
    { schema: { ...hide, params: z.object({ key: feedKeySchema }) } },
    async (request, reply) => {
      const feed = renderSampleFeed(request.params.key, base(request));
      if (!feed) throw notFound(`No sample feed for ${request.params.key}`);
      return reply.type(feed.type).send(feed.body);
    },
  );

  app.get(
    "/samples/articles/:slug",
    { schema: { ...hide, params: z.object({ slug: text() }) } },
    async (request, reply) => {
      const article = findSampleArticle(request.params.slug);
      if (!article) throw notFound("No such sample article");
      return reply.type("text/html; charset=utf-8").send(renderArticlePage(article));
    },
  );

  // A site with a feed of its own, for following a feed by a site's address (members' feeds).
  app.get("/samples/site/", { schema: hide }, async (request, reply) =>
    reply.type("text/html; charset=utf-8").send(renderSampleSite(base(request))),
  );

  app.get("/samples/site/feed.xml", { schema: hide }, async (request, reply) =>
    reply.type("application/rss+xml; charset=utf-8").send(renderSampleMemberFeed(base(request))),
  );

  app.get(
    "/samples/site/posts/:slug",
    { schema: { ...hide, params: z.object({ slug: text() }) } },
    async (request, reply) => {
      const post = renderSamplePost(request.params.slug);
      if (!post) throw notFound("No such sample post");
      return reply.type("text/html; charset=utf-8").send(post);
    },
  );

  app.get("/samples/article.css", { schema: hide }, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(articleStylesheet),
  );

  app.get(
    "/samples/images/:name",
    { schema: { ...hide, params: z.object({ name: z.string().regex(/^[A-Z]+\.svg$/) }) } },
    async (request, reply) => {
      const svg = renderPicture(request.params.name.replace(/\.svg$/, ""));
      if (!svg) throw notFound("No such sample picture");
      return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(svg);
    },
  );

  app.get(
    "/samples/prices/api/v3/simple/price",
    { schema: { ...hide, querystring: z.object({ ids: text(), vs_currencies: text() }).loose() } },
    async (request) => samplePrices(request.query.ids.split(",").map((id) => id.trim())),
  );

  app.get(
    "/samples/prices/api/v3/coins/list",
    { schema: { ...hide, querystring: z.object({ include_platform: z.enum(["true", "false"]).optional() }).loose() } },
    async (request) => {
      const list = sampleCoinList();
      return request.query.include_platform === "true" ? list : list.map(({ platforms: _, ...coin }) => coin);
    },
  );

  app.get(
    "/samples/trends/rss",
    {
      schema: {
        ...hide,
        querystring: z.object({
          geo: z
            .string()
            .regex(/^[A-Z]{2}$/)
            .default("US"),
        }),
      },
    },
    async (request, reply) =>
      reply.type("application/rss+xml; charset=utf-8").send(renderTrends(request.query.geo, base(request))),
  );

  app.get("/samples/trends/realtime", { schema: hide }, async (request, reply) =>
    reply.type("application/json; charset=utf-8").send(renderRealtimeTrends(base(request))),
  );
};
