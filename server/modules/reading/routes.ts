import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { readingPreferencesSchema, readStateBodySchema, readStateResultSchema } from "../../../contracts/reading.ts";
import { MAX_READ_LINKS_PER_REQUEST, READ_STATE_LIMITS } from "../../../contracts/reading-catalog.ts";
import { enforceLimits, limits } from "../../lib/rate-limit/limits.ts";
import { currentMember } from "../../plugins/sessions.ts";
import { getReadingPreferences, setReadingPreferences, setReadState } from "./service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

/**
 * The signed-in member, for a read-state or preference change: counted against their
 * own write limit, keyed by their id, so nobody else's requests can use it up.
 */
async function writingMember(request: FastifyRequest) {
  const member = currentMember(request);
  await enforceLimits(request, [[`reading:member:${member.id}`, limits.readingWritesPerMember]]);
  return member;
}

/** A member's read state and reading preference; visitors keep theirs in the browser. */
export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/reading/read",
    {
      schema: {
        tags: ["reading"],
        summary: `Mark articles read or unread again (members; at most ${MAX_READ_LINKS_PER_REQUEST} links at once)`,
        description: `Keyed by the article's link, across every feed and device. Marking a link read again makes it the newest. Each member keeps the read links of the last ${READ_STATE_LIMITS.days} days, at most ${READ_STATE_LIMITS.entries.toLocaleString("en-US")} (the oldest go first). ${limits.readingWritesPerMember.limit} changes per member in ${limits.readingWritesPerMember.windowMs / 60_000} minutes.`,
        body: readStateBodySchema,
        response: { 200: readStateResultSchema, ...errors },
      },
    },
    async (request) => {
      const member = await writingMember(request);
      return setReadState(app.database, member.id, request.body);
    },
  );

  app.get(
    "/reading/preferences",
    {
      schema: {
        tags: ["reading"],
        summary: "The member's reading preference (lists fold each story's articles unless showEveryArticle)",
        response: { 200: readingPreferencesSchema, 401: errorBodySchema },
      },
    },
    async (request) => getReadingPreferences(app.database, currentMember(request).id),
  );

  app.put(
    "/reading/preferences",
    {
      schema: {
        tags: ["reading"],
        summary: "Save the member's reading preference (follows them across devices)",
        body: readingPreferencesSchema,
        response: { 200: readingPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const member = await writingMember(request);
      return setReadingPreferences(app.database, member.id, request.body);
    },
  );
};
