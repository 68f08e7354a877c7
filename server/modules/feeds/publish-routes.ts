import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { siteUrlFor } from "../../lib/site-url.ts";
import { renderJsonFeed, renderRss } from "./publish.ts";
import { listPublishedItems } from "./service.ts";

const PUBLISHED_ITEMS = 50;

async function gemwireFeed(request: FastifyRequest, reply: FastifyReply, format: "xml" | "json") {
  const app = request.server;
  // Behind a proxy the request does not know the public address; PUBLIC_URL does.
  const siteUrl = siteUrlFor(request, reply);
  return {
    title: "Gemwire — top crypto stories",
    description: "The crypto stories most sources are covering, from Gemwire.",
    siteUrl,
    feedUrl: `${siteUrl}feeds/gemwire.${format}`,
    items: await listPublishedItems(app.database, app.sources, PUBLISHED_ITEMS, app.config.storiesWindowMs),
  };
}

/** Gemwire's own feed for subscribers: RSS 2.0 and JSON Feed 1.1. */
export const publishRoutes: FastifyPluginAsync = async (app) => {
  app.get("/feeds/gemwire.xml", { schema: { hide: true } }, async (request, reply) =>
    reply
      .type("application/rss+xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(renderRss(await gemwireFeed(request, reply, "xml"))),
  );
  app.get("/feeds/gemwire.json", { schema: { hide: true } }, async (request, reply) =>
    reply
      .type("application/feed+json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(renderJsonFeed(await gemwireFeed(request, reply, "json"))),
  );
};
