import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { answersOf, sendKept, sharedFor } from "../../lib/answer-cache.ts";
import { renderJsonFeed, renderRss } from "../../lib/publish-feed.ts";
import { siteUrlFor } from "../../lib/site-url.ts";
import { ITEM_TABLES } from "./routes.ts";
import { listPublishedItems } from "./service.ts";

const PUBLISHED_ITEMS = 50;

const FORMATS = {
  xml: { render: renderRss, type: "application/rss+xml; charset=utf-8" },
  json: {
    render: (feed: Parameters<typeof renderJsonFeed>[0]) => JSON.stringify(renderJsonFeed(feed)),
    type: "application/feed+json; charset=utf-8",
  },
};

/**
 * Gemwire's feed in one format, kept as bytes per site address until the articles or
 * their votes change (or ANSWER_MAX_AGE_MS passes), with an ETag: a reader polling with
 * If-None-Match gets 304 at the cost of the change check.
 */
async function sendGemwireFeed(request: FastifyRequest, reply: FastifyReply, format: keyof typeof FORMATS) {
  const app = request.server;
  // Behind a proxy the request does not know the public address; PUBLIC_URL does.
  const siteUrl = siteUrlFor(request, reply);
  const page = await answersOf(app.database).answer({
    key: JSON.stringify(["published", format, siteUrl]),
    tables: ITEM_TABLES,
    build: async () =>
      FORMATS[format].render({
        title: "Gemwire — top crypto stories",
        description: "The crypto stories most sources are covering, from Gemwire.",
        siteUrl,
        feedUrl: `${siteUrl}feeds/gemwire.${format}`,
        items: await listPublishedItems(app.database, app.sources, PUBLISHED_ITEMS, app.config.storiesWindowMs),
      }),
  });
  return sendKept(request, reply, page, {
    cacheControl: sharedFor(app.config.accessMode, 300),
    vary: [],
    type: FORMATS[format].type,
  });
}

/** Gemwire's own feed for subscribers: RSS 2.0 and JSON Feed 1.1. */
export const publishRoutes: FastifyPluginAsync = async (app) => {
  app.get("/feeds/gemwire.xml", { schema: { hide: true } }, (request, reply) => sendGemwireFeed(request, reply, "xml"));
  app.get("/feeds/gemwire.json", { schema: { hide: true } }, (request, reply) =>
    sendGemwireFeed(request, reply, "json"),
  );
};
