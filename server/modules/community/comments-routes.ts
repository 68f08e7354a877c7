import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addCommentSchema,
  commentIdParamsSchema,
  commentSchema,
  commentsQuerySchema,
  commentsSchema,
  editCommentSchema,
} from "../../../contracts/community.ts";
import { COMMENT_EDIT_WINDOW_MS, COMMENT_MAX_LENGTH } from "../../../contracts/community-catalog.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { unauthenticated } from "../../errors.ts";
import { enforceLimits, limits } from "../../lib/rate-limit/limits.ts";
import { currentMember } from "../../plugins/sessions.ts";
import { addComment, deleteComment, editComment, getComment, getComments } from "./comments.ts";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};

const commentingTooFast = (seconds: number) => `You are commenting too fast. Try again in ${seconds} seconds.`;

/** An edit or a delete by a member: counted against their community write limit (keyed by member only). */
async function countWrite(request: FastifyRequest, memberId: string) {
  await enforceLimits(request, [[`community:member:${memberId}`, limits.communityWritesPerMember]]);
}

const editMinutes = COMMENT_EDIT_WINDOW_MS / 60_000;

/** Loading and adding comments; a discussion is keyed by the article's link or the blog post's url. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/comments",
    {
      schema: {
        tags: ["community"],
        summary: "One article's or blog post's comments, newest first, a page at a time",
        querystring: commentsQuerySchema,
        response: { 200: commentsSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => getComments(app.database, request.query),
  );

  app.get(
    "/comments/:id",
    {
      schema: {
        tags: ["community"],
        summary: "One comment",
        params: commentIdParamsSchema,
        response: { 200: commentSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getComment(app.database, request.params.id),
  );

  app.post(
    "/comments",
    {
      schema: {
        tags: ["community"],
        summary: "Comment on an article (or a blog post) as the signed-in member",
        description: `Trimmed, not blank, at most ${COMMENT_MAX_LENGTH} characters; notifies the article's other commenters, the members who keep it as a favorite, and each @handle mentioned, in the same transaction. 404 when the server knows no such article; 429 past ${limits.commentsPerMember.limit} comments a minute.`,
        body: addCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      await enforceLimits(request, [[`comments:member:${member.id}`, limits.commentsPerMember, commentingTooFast]]);
      const comment = await addComment(app.database, member.id, request.body);
      app.notificationHub.wake();
      return reply.status(201).send(comment);
    },
  );

  app.patch(
    "/comments/:id",
    {
      schema: {
        tags: ["community"],
        summary: `Change the text of one's own comment, within ${editMinutes} minutes of posting it`,
        params: commentIdParamsSchema,
        body: editCommentSchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      await countWrite(request, member.id);
      return editComment(app.database, member.id, request.params.id, request.body.content);
    },
  );

  app.delete(
    "/comments/:id",
    {
      schema: {
        tags: ["community"],
        summary: "Delete a comment: one's own at any time, any comment as the admin",
        params: commentIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const member = request.member;
      if (!member && !request.isAdmin) throw unauthenticated();
      if (member) await countWrite(request, member.id);
      await deleteComment(app.database, { memberId: member?.id ?? null, isAdmin: request.isAdmin }, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
