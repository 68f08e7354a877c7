import fs from "node:fs";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccountSchema, memberSchema, profileUpdateSchema } from "../../../contracts/accounts.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { text } from "../../../contracts/text.ts";
import { notFound } from "../../errors.ts";
import { readPictureUpload } from "../../lib/picture-upload.ts";
import { enforceLimits, limits } from "../../lib/rate-limit/limits.ts";
import { clearSessionCookie, currentMember, MEMBER_COOKIE } from "../../plugins/sessions.ts";
import { AVATAR_NAME, avatarDir } from "./avatars.ts";
import { deleteAccount, replaceAvatar, updateProfile } from "./profile.ts";

const memberBody = z.object({ user: memberSchema });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    "/me",
    {
      schema: {
        tags: ["accounts"],
        summary: "Change username or email",
        body: profileUpdateSchema,
        response: { 200: memberBody, ...errors },
      },
    },
    async (request) => ({ user: await updateProfile(app.database, currentMember(request).id, request.body) }),
  );

  app.post(
    "/me/avatar",
    {
      schema: {
        tags: ["accounts"],
        summary: "Upload a profile picture (PNG, JPEG or GIF, at most 5 MB; one file, form field 'file')",
        consumes: ["multipart/form-data"],
        response: { 200: memberBody, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      await enforceLimits(request, [[`avatar:member:${member.id}`, limits.avatarUploadsPerMember]]);
      const bytes = await readPictureUpload(request);
      return { user: await replaceAvatar(app.database, app.config.dataDir, member.id, bytes) };
    },
  );

  app.delete(
    "/me",
    {
      schema: {
        tags: ["accounts"],
        summary: "Delete the account (sign-in stops now; data is purged after the retention period)",
        body: deleteAccountSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = currentMember(request);
      await deleteAccount(app.database, id, request.body.handle);
      // Its notification streams here end now; other processes' at their next session check.
      app.notificationHub.endMember(id);
      clearSessionCookie(request, reply, MEMBER_COOKIE);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/avatars/:name",
    { schema: { tags: ["accounts"], summary: "A profile picture", params: z.object({ name: text() }) } },
    async (request, reply) => {
      const { name } = request.params;
      const file = path.join(avatarDir(app.config.dataDir), name);
      if (!AVATAR_NAME.test(name) || !fs.existsSync(file)) throw notFound("No such picture");
      // Re-encoded by us, served with the one type it can be; names never repeat.
      return reply
        .type("image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("content-disposition", "inline")
        .send(fs.createReadStream(file));
    },
  );
};
