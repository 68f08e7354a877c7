import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { memberSchema, meSchema, signInSchema, signUpSchema } from "../../../contracts/accounts.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { invalidInvite } from "../../errors.ts";
import { limitAddress } from "../../lib/rate-limit/client-address.ts";
import { enforceLimits, limits } from "../../lib/rate-limit/limits.ts";
import { closeSession } from "../../lib/sessions/sessions.ts";
import { clearSessionCookie, MEMBER_COOKIE, setSessionCookie } from "../../plugins/sessions.ts";
import { inviteIsOpen } from "./invites.ts";
import { handleKey, signIn, signUp } from "./service.ts";
import { guardSignIn } from "./sign-in-limits.ts";

const memberBody = z.object({ user: memberSchema });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/signup",
    {
      schema: {
        tags: ["accounts"],
        summary: "Join with an invitation code",
        body: signUpSchema,
        response: { 201: memberBody, ...errors },
      },
    },
    async (request, reply) => {
      await enforceLimits(request, [[`signup:ip:${limitAddress(request.ip)}`, limits.signUpPerIp]]);
      // A handle is counted only with a real invitation: bogus codes must not block a name.
      if (!(await inviteIsOpen(app.database, request.body.inviteCode, Date.now()))) throw invalidInvite();
      await enforceLimits(request, [[`signup:handle:${handleKey(request.body.handle)}`, limits.signUpPerHandle]]);
      const { member, sessionId } = await signUp(app.database, request.body);
      setSessionCookie(request, reply, MEMBER_COOKIE, sessionId);
      return reply.status(201).send({ user: member });
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with handle and password",
        body: signInSchema,
        response: { 200: memberBody, ...errors },
      },
    },
    async (request, reply) => {
      const key = handleKey(request.body.handle);
      const address = limitAddress(request.ip);
      await enforceLimits(request, [[`signin:ip:${address}`, limits.signInPerIp]]);
      const signedIn = await guardSignIn(app.database, key, request.ip, "invalid_credentials", () =>
        signIn(app.database, request.body),
      );
      const { member, sessionId } = signedIn;
      // A new session id at every sign-in: an id planted before cannot be carried over.
      const previous = request.cookies[MEMBER_COOKIE];
      if (previous) {
        await closeSession(app.database, previous);
        app.notificationHub.endSession(previous);
      }
      setSessionCookie(request, reply, MEMBER_COOKIE, sessionId);
      return { user: member };
    },
  );

  app.post(
    "/auth/logout",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign out: the session ends on the server too",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const id = request.cookies[MEMBER_COOKIE];
      if (id) {
        await closeSession(app.database, id);
        // Its notification streams here end now; other processes' at their next session check.
        app.notificationHub.endSession(id);
      }
      clearSessionCookie(request, reply, MEMBER_COOKIE);
      return reply.status(204).send(null);
    },
  );

  // A visitor is a normal state, not an error: nobody signed in is `{ user: null, admin: false }`.
  app.get(
    "/me",
    {
      schema: {
        tags: ["accounts"],
        summary: "Who is signed in: a member, the admin, or nobody (user null, admin false)",
        response: { 200: meSchema },
      },
    },
    async (request) => ({ user: request.member, admin: request.isAdmin }),
  );
};
