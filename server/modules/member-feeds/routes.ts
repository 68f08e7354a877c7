import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import {
  addMemberFeedBodySchema,
  memberFeedKeySchema,
  memberFeedListSchema,
  memberFeedSchema,
  opmlImportBodySchema,
  opmlImportResultSchema,
} from "../../../contracts/reading.ts";
import { MAX_MEMBER_FEEDS, MAX_OPML_BYTES } from "../../../contracts/reading-catalog.ts";
import { durationInWords, enforceLimits, ruleInWords } from "../../lib/rate-limit/limits.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { currentMember } from "../../plugins/sessions.ts";
import { createMemberFeedFetch, type MemberFeedFetchPolicy } from "./fetch.ts";
import { IMPORT_BUDGET_MS, IMPORT_CONCURRENCY, importOpml } from "./import.ts";
import { writeOpml } from "./opml.ts";
import { addMemberFeed, featureOff, listMemberFeeds, removeMemberFeed } from "./service.ts";

/** A member is waiting on an add: a feed must answer quickly and stay small. */
const ADD_FETCH = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 };
/**
 * Adds and imports fetch other servers: a member's share. Counted per member only (every
 * route needs a session), so nobody else on the member's network can spend it.
 */
const ADDS_PER_MEMBER = { limit: 30, windowMs: 10 * 60_000 };
const IMPORTS_PER_MEMBER = { limit: 5, windowMs: 10 * 60_000 };

export type MemberFeedRoutesOptions = {
  /** The client adds and imports fetch through; by default createMemberFeedFetch's (public addresses only). */
  fetcher?: GuardedFetch;
  /** How the default client resolves names and which addresses it reaches (tests stand in for the internet). */
  fetchPolicy?: MemberFeedFetchPolicy;
};

/** Members' own feeds: follow, unfollow, list, OPML export and import. */
export const memberFeedRoutes: FastifyPluginAsyncZod<MemberFeedRoutesOptions> = async (app, options) => {
  const fetcher = options.fetcher ?? createMemberFeedFetch(app.config, ADD_FETCH, options.fetchPolicy);
  if (!options.fetcher) app.addHook("onClose", async () => fetcher.close());
  const enabled = app.config.memberFeeds;
  const onlyWhenEnabled = async () => {
    if (!enabled) throw featureOff();
  };
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

  app.get(
    "/me/feeds",
    {
      schema: {
        tags: ["member feeds"],
        summary: "The feeds the signed-in member follows, with each one's status",
        response: { 200: memberFeedListSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const feeds = enabled ? await listMemberFeeds(app.database, member.id) : [];
      return { feeds, limit: MAX_MEMBER_FEEDS as typeof MAX_MEMBER_FEEDS, enabled };
    },
  );

  app.post(
    "/me/feeds",
    {
      preHandler: onlyWhenEnabled,
      schema: {
        tags: ["member feeds"],
        summary: `Follow a feed by its address or its site's (at most ${MAX_MEMBER_FEEDS})`,
        description: `A feed's address (RSS, Atom, JSON Feed) or a web page's: then the first of its <link rel="alternate"> feeds that answers is followed. Fetched through the guarded client, public addresses only (ALLOW_PRIVATE_SOURCES does not apply). Every follower of one address shares one feed, fetched once. ${ruleInWords(ADDS_PER_MEMBER, "feeds added")} per member (429).`,
        body: addMemberFeedBodySchema,
        response: { 201: z.object({ feed: memberFeedSchema }), ...errors, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      await enforceLimits(request, [[`member-feeds:add:${member.id}`, ADDS_PER_MEMBER]]);
      const feed = await addMemberFeed(
        { database: app.database, fetcher, builtIn: app.sources.feeds },
        member.id,
        request.body.address,
      );
      // Its first fetch is the scheduler's, as every later one: a new feed has no status yet, so it is due now.
      app.wakeFeedScheduler();
      return reply.status(201).send({ feed });
    },
  );

  app.delete(
    "/me/feeds/:key",
    {
      preHandler: onlyWhenEnabled,
      schema: {
        tags: ["member feeds"],
        summary: "Stop following a feed (a feed nobody follows is no longer fetched; its articles go)",
        params: z.object({ key: memberFeedKeySchema }),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMemberFeed(app.database, currentMember(request).id, request.params.key);
      return reply.status(204).send();
    },
  );

  app.get(
    "/me/feeds.opml",
    {
      preHandler: onlyWhenEnabled,
      schema: {
        tags: ["member feeds"],
        summary: "The member's feeds as an OPML 2.0 file",
        response: { 200: z.string(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      const feeds = await listMemberFeeds(app.database, member.id);
      const opml = writeOpml(feeds, { title: `${member.handle}'s feeds on Gemwire`, now: new Date() });
      return reply
        .type("text/x-opml; charset=utf-8")
        .header("content-disposition", 'attachment; filename="gemwire-feeds.opml"')
        .header("cache-control", "private, no-store")
        .send(opml);
    },
  );

  app.post(
    "/me/feeds/opml",
    {
      preHandler: onlyWhenEnabled,
      // The file is sent as JSON text: its escaping may make the body bigger than the file.
      bodyLimit: MAX_OPML_BYTES * 2 + 1024,
      schema: {
        tags: ["member feeds"],
        summary: "Follow the feeds an OPML file lists; each line's result",
        description: `Each outline with an xmlUrl is checked as if pasted (fetched, ${IMPORT_CONCURRENCY} at a time, within ${durationInWords(IMPORT_BUDGET_MS)} in all) and reported: added, skipped (already following, listed twice) or refused (not http(s), private address, over the limit, not a feed, did not answer). No DTD or entity is expanded. ${ruleInWords(IMPORTS_PER_MEMBER, "imports")} per member.`,
        body: opmlImportBodySchema,
        response: { 200: opmlImportResultSchema, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      await enforceLimits(request, [[`member-feeds:import:${member.id}`, IMPORTS_PER_MEMBER]]);
      const result = await importOpml(
        { database: app.database, fetcher, builtIn: app.sources.feeds, log: request.log },
        member.id,
        request.body.opml,
      );
      if (result.added > 0) app.wakeFeedScheduler();
      return result;
    },
  );
};
