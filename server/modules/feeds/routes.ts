import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import {
  feedItemsQuerySchema,
  feedItemsSchema,
  feedKeySchema,
  feedListSchema,
  feedStatusSchema,
  searchQuerySchema,
  searchResultsSchema,
} from "../../../contracts/feeds.ts";
import { memberFeedKeySchema } from "../../../contracts/reading.ts";
import { answersOf, JSON_TYPE, PRIVATE_REVALIDATE, sendKept } from "../../lib/answer-cache.ts";
import type { VersionedTable } from "../../lib/data-versions.ts";
import { limitAddress } from "../../lib/rate-limit/client-address.ts";
import { durationInWords, enforceLimits, ruleInWords } from "../../lib/rate-limit/limits.ts";
import { checkMemberFeedReader } from "../member-feeds/service.ts";
import {
  listFeedItems,
  listFeeds,
  READER_REFRESH_GAP_MS,
  requestFeedRefresh,
  SEARCH_LIMIT,
  searchFeedItems,
} from "./service.ts";

/**
 * What a list of FeedItems is made of: the articles, their votes and comment counts (and
 * the stories they are in, from the articles); for a member also what they read, their
 * favorites and the member feeds they follow.
 */
export const ITEM_TABLES: readonly VersionedTable[] = ["articles", "article_votes", "user_interactions"];
const MEMBER_ITEM_TABLES: readonly VersionedTable[] = [
  ...ITEM_TABLES,
  "read_articles",
  "favorites",
  "member_feeds",
  "member_feed_follows",
];
/** A member's lists carry their own votes and read state: kept per member, never shared. */
const itemTablesFor = (viewerId: string | null) => (viewerId === null ? ITEM_TABLES : MEMBER_ITEM_TABLES);
const notModified = z.undefined().describe("Not modified: the answer If-None-Match names is still current");

/** 'Refresh Feed' asks from one address: far more than a person clicks. */
const READER_REFRESHES_PER_ADDRESS = { limit: 60, windowMs: 10 * 60_000 };
/** The gap a refresh asked for keeps from the last attempt, in words: "a minute to 15 minutes". */
const GAP = `${durationInWords(READER_REFRESH_GAP_MS.min)} to ${durationInWords(READER_REFRESH_GAP_MS.max)}`;

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/feeds",
    {
      schema: {
        tags: ["feeds"],
        summary: "The feed catalog with each feed's status",
        response: { 200: feedListSchema },
      },
    },
    async () => listFeeds(app.database, app.sources),
  );

  app.post(
    "/feeds/:key/refresh",
    {
      schema: {
        tags: ["feeds"],
        summary: `Ask for a feed to be fetched again soon (never sooner than half the scheduler's own wait, ${GAP} after its last attempt, whoever asks)`,
        description: `The server's scheduler fetches the feed as soon as allowed: now, or once half the wait it chose after the last attempt (the refresh period, or a failing feed's backoff) has passed, kept between ${durationInWords(READER_REFRESH_GAP_MS.min)} and ${durationInWords(READER_REFRESH_GAP_MS.max)}. Poll GET /api/feeds and watch lastAttempt. ${ruleInWords(READER_REFRESHES_PER_ADDRESS, "asks per address")}.`,
        params: z.object({ key: feedKeySchema }),
        response: { 202: z.object({ feed: feedStatusSchema }), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      // Cheap already, but each ask writes a row: one address gets a person's share.
      await enforceLimits(request, [[`feeds:refresh:${limitAddress(request.ip)}`, READER_REFRESHES_PER_ADDRESS]]);
      const feed = await requestFeedRefresh(app.database, app.sources, request.params.key, app.config.feedRefreshMs);
      app.wakeFeedScheduler();
      return reply.status(202).send({ feed });
    },
  );

  app.get(
    "/feeds/:key/items",
    {
      schema: {
        tags: ["feeds"],
        summary: "A feed's items, newest first",
        description:
          "A built-in feed's key, or a member feed's (mf-…): those answer only to a member who follows them. Answers carry an ETag (private, no-cache): with If-None-Match, an unchanged answer answers 304. A member's answer (with their votes and read state) is theirs alone.",
        params: z.object({ key: z.union([feedKeySchema, memberFeedKeySchema]) }),
        querystring: feedItemsQuerySchema,
        response: { 200: feedItemsSchema, 304: notModified, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.member?.id ?? null;
      const { key } = request.params;
      await checkMemberFeedReader(app.database, app.config.memberFeeds, key, viewerId);
      const { source, coin, limit, before } = request.query;
      const page = await answersOf(app.database).answer({
        key: JSON.stringify(["items", key, viewerId, source, coin, limit, before]),
        tables: itemTablesFor(viewerId),
        build: async () =>
          JSON.stringify(
            z.encode(
              feedItemsSchema,
              await listFeedItems(app.database, app.sources, key, request.query, {
                viewerId,
                storiesWindowMs: app.config.storiesWindowMs,
              }),
            ),
          ),
      });
      return sendKept(request, reply, page, { cacheControl: PRIVATE_REVALIDATE, vary: ["Cookie"], type: JSON_TYPE });
    },
  );

  app.get(
    "/search",
    {
      schema: {
        tags: ["feeds"],
        summary: "Search every stored article's title and description (at most 5 stories, each link once)",
        description: `Matches anywhere in a title or description, ignoring case; title matches first, then the newest. The matches are grouped by story (FeedItem.story; an article in no story stands alone) and the best ${SEARCH_LIMIT} groups answered, each group's matching articles together, earliest first, so one story's copies take one place. Fold them with foldByStory. Answers carry an ETag (private, no-cache): with If-None-Match, an unchanged answer answers 304.`,
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, 304: notModified, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.member?.id ?? null;
      const page = await answersOf(app.database).answer({
        key: JSON.stringify(["search", request.query.q, viewerId]),
        tables: itemTablesFor(viewerId),
        build: async () => {
          const results = await searchFeedItems(app.database, request.query.q, {
            viewerId,
            storiesWindowMs: app.config.storiesWindowMs,
            memberFeeds: app.config.memberFeeds,
          });
          return JSON.stringify(z.encode(searchResultsSchema, { results }));
        },
      });
      return sendKept(request, reply, page, { cacheControl: PRIVATE_REVALIDATE, vary: ["Cookie"], type: JSON_TYPE });
    },
  );
};
