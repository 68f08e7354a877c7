import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The address links in Gemwire's own feeds start with: PUBLIC_URL when set, else the
 * request's own. Built from the Host header, the answer then varies by it, so a shared
 * cache never hands one host's links to another's readers.
 */
export function siteUrlFor(request: FastifyRequest, reply: FastifyReply): string {
  const configured = request.server.config.publicUrl;
  if (configured) return configured;
  reply.header("vary", "Host");
  return `${request.protocol}://${request.host}/`;
}
