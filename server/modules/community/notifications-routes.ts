import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationIdParamsSchema,
  notificationStreamQuerySchema,
  notificationsQuerySchema,
  notificationsSchema,
  readAllSchema,
  unreadSchema,
} from "../../../contracts/community.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { invalidRequest } from "../../errors.ts";
import { currentMember, MEMBER_COOKIE } from "../../plugins/sessions.ts";
import { STREAM_BACKLOG, STREAMS_PER_MEMBER } from "./notification-hub.ts";
import { getNotifications, readAllNotifications, readNotification } from "./notifications.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** A reconnecting browser's Last-Event-ID: the number of the last notification it got. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !/^\d{1,15}$/.test(header)) {
    throw invalidRequest("Last-Event-ID must be the number of a notification");
  }
  return Number(header);
}

/** Notifications, for the signed-in member only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notifications",
    {
      schema: {
        tags: ["community"],
        summary: "The member's notifications, newest first, with the unread count and the latest number",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsSchema, ...errors },
      },
    },
    async (request) => getNotifications(app.database, currentMember(request).id, request.query),
  );

  app.post(
    "/notifications/:id/read",
    {
      schema: {
        tags: ["community"],
        summary: "Mark one of the member's notifications read (again is fine)",
        params: notificationIdParamsSchema,
        response: { 200: unreadSchema, ...errors },
      },
    },
    async (request) => readNotification(app.database, currentMember(request).id, request.params.id),
  );

  app.post(
    "/notifications/read-all",
    {
      // A POST without a body arrives as null; it means "all", as {} does.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ["community"],
        summary: "Mark all as read: every notification, or those numbered up to `through`",
        body: readAllSchema,
        response: { 200: unreadSchema, ...errors },
      },
    },
    async (request) => readAllNotifications(app.database, currentMember(request).id, request.body?.through),
  );

  app.get(
    "/notifications/stream",
    {
      // A compressor would hold events back until its buffer fills.
      compress: false,
      schema: {
        tags: ["community"],
        summary: "New notifications as they are made (server-sent events)",
        description: `Opens with \`retry\` and a \`ready\` event ({unread, seq}), then sends every notification numbered after the Last-Event-ID header, else \`after\`, else the member's latest number (at most the ${STREAM_BACKLOG} newest), then each new one as an \`notification\` event whose id is its number and whose data is a NotificationEvent ({notification, unread}). A stream that has sent nothing for 25 s gets a \`ping\` event (data {}), so proxies keep it open and the page can reconnect when nothing at all arrives for about a minute. When its session or account ends it sends a \`signed-out\` event (data {reason}: "signed-out", "account-deleted" or "session-ended") and closes, and the page should not reconnect: at once for a sign-out or deletion through the same process, within 10 s otherwise. At most ${STREAMS_PER_MEMBER} streams per member: another ends the member's oldest with an \`evicted\` event (data {reason: "too-many-streams"}), after which the page should poll GET /api/notifications rather than reconnect (the two would evict each other forever).`,
        querystring: notificationStreamQuerySchema,
        response: {
          200: {
            description: "An event stream",
            content: { "text/event-stream": { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      const after = lastEventId(request.headers["last-event-id"]) ?? request.query.after;
      const sessionId = request.cookies[MEMBER_COOKIE] ?? "";
      const stream = await app.notificationHub.open({ memberId: member.id, sessionId }, after);
      return (
        reply
          .headers({
            "content-type": "text/event-stream; charset=utf-8",
            "cache-control": "no-cache, no-transform",
            "x-accel-buffering": "no",
          })
          // The schema documents the body as text; what goes out is that text, as it is written.
          .send(stream as unknown as string)
      );
    },
  );
};
