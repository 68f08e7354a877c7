import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminSignInSchema, createInviteSchema, inviteSchema } from "../../../contracts/accounts.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { invalidAdminPassword, notFound } from "../../errors.ts";
import { limitAddress } from "../../lib/rate-limit/client-address.ts";
import { enforceLimits, limits } from "../../lib/rate-limit/limits.ts";
import { clearRateLimit } from "../../lib/rate-limit/rate-limit.ts";
import { ADMIN_SESSION_TTL_MS, closeSession, openSession } from "../../lib/sessions/sessions.ts";
import { ADMIN_COOKIE, clearSessionCookie, requireAdmin, setSessionCookie } from "../../plugins/sessions.ts";
import { createInvite, guardSignIn, listInvites, revokeInvite } from "../accounts/index.ts";

/** Counted like a handle; the parentheses keep it apart from every member's handle. */
const ADMIN_LIMIT_KEY = "(admin)";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/login",
    {
      schema: {
        tags: ["admin"],
        summary: "Admin sign-in with the admin password",
        body: adminSignInSchema,
        response: { 204: z.null(), 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The admin is guarded like a member (sign-in-limits.ts), so no stranger can lock
      // them out: an address is counted on its own and forgiven at a success, and guessing
      // spread over many addresses holds back only the addresses that failed.
      const address = limitAddress(request.ip);
      const perAddress = `admin:ip:${address}`;
      await enforceLimits(request, [[perAddress, limits.adminSignInPerIp]]);
      await guardSignIn(app.database, ADMIN_LIMIT_KEY, request.ip, "invalid_password", async () => {
        if (!(await app.adminPassword.verify(request.body.password))) throw invalidAdminPassword();
      });
      await clearRateLimit(app.database, perAddress);
      const previous = request.cookies[ADMIN_COOKIE];
      if (previous) await closeSession(app.database, previous);
      setSessionCookie(
        request,
        reply,
        ADMIN_COOKIE,
        await openSession(app.database, { admin: true }),
        ADMIN_SESSION_TTL_MS,
      );
      return reply.status(204).send(null);
    },
  );

  app.post("/admin/logout", { schema: { tags: ["admin"], response: { 204: z.null() } } }, async (request, reply) => {
    const id = request.cookies[ADMIN_COOKIE];
    if (id) await closeSession(app.database, id);
    clearSessionCookie(request, reply, ADMIN_COOKIE);
    return reply.status(204).send(null);
  });

  await app.register(async (admin) => {
    admin.addHook("preHandler", requireAdmin);
    const typed = admin.withTypeProvider<ZodTypeProvider>();

    typed.get(
      "/admin/invites",
      {
        schema: {
          tags: ["admin"],
          summary: "Invitation codes, newest first",
          response: { 200: z.object({ invites: z.array(inviteSchema) }) },
        },
      },
      async () => ({ invites: await listInvites(app.database) }),
    );

    typed.post(
      "/admin/invites",
      {
        schema: {
          tags: ["admin"],
          summary: "Create an invitation code (shown this once)",
          body: createInviteSchema,
          response: { 201: z.object({ code: z.string(), id: z.string() }), 401: errorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createInvite(app.database, request.body)),
    );

    typed.post(
      "/admin/invites/:id/revoke",
      {
        schema: {
          tags: ["admin"],
          summary: "Revoke an unused invitation code",
          params: z.object({ id: z.string().uuid() }),
          response: { 204: z.null(), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        if (!(await revokeInvite(app.database, request.params.id))) throw notFound("No open invitation with that id");
        return reply.status(204).send(null);
      },
    );
  });
};
