import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Member } from "../../contracts/accounts.ts";
import { AppError, unauthenticated } from "../errors.ts";
import { readSession, SESSION_TTL_MS } from "../lib/sessions/sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member, if any. */
    member: Member | null;
    /** Whether an admin session came with the request. */
    isAdmin: boolean;
  }
}

export const MEMBER_COOKIE = "gemwire_session";
export const ADMIN_COOKIE = "gemwire_admin";

/**
 * Only API and feed routes carry meaning for sessions; static files skip the lookup, and
 * so do page views, which are counted without knowing who viewed (and come with every
 * navigation, so the lookup would be their main cost).
 */
const needsSession = (route: string | undefined) =>
  route !== undefined &&
  route !== "/api/analytics/pageview" &&
  (route.startsWith("/api") || route.startsWith("/feeds/"));

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === "https" || (request.server.config.publicUrl ?? "").startsWith("https:");
}

/** HttpOnly, SameSite=Lax, and Secure whenever Gemwire is reached over HTTPS. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  id: string,
  ttlMs: number = SESSION_TTL_MS,
): void {
  reply.setCookie(name, id, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    maxAge: ttlMs / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure: isHttps(request) });
}

/** Reads the member and admin sessions of each API request from their cookies. */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("member", null);
  app.decorateRequest("isAdmin", false);
  app.addHook("onRequest", async (request) => {
    if (!needsSession(request.routeOptions.url)) return;
    const memberId = request.cookies[MEMBER_COOKIE];
    const adminId = request.cookies[ADMIN_COOKIE];
    if (memberId) request.member = (await readSession(app.database, memberId))?.member ?? null;
    if (adminId) request.isAdmin = (await readSession(app.database, adminId))?.admin ?? false;
  });
}

/** The signed-in member, for calls that need one: otherwise 401 'User not authenticated'. */
export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw unauthenticated();
  return request.member;
}

/** preHandler for admin calls. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.isAdmin) throw new AppError(401, "unauthenticated", "Admin sign-in required");
}
