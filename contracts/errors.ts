import { z } from "zod";

/** Stable error codes the API answers with; clients switch on these, never on messages. */
export const errorCodes = [
  "invalid_request",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "headers_too_large",
  "request_timeout",
  "unsupported_media_type",
  "unauthenticated",
  "invalid_credentials",
  "invalid_password",
  "invalid_invite",
  "handle_taken",
  "forbidden",
  "rate_limited",
  "internal_error",
  "bad_gateway",
  "unavailable",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe("Stable machine-readable code, e.g. not_found"),
      message: z.string().describe("Human-readable message, safe to show to a user"),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** User-facing messages that more than one side shows. */
export const messages = {
  notAuthenticated: "User not authenticated",
  invalidPassword: "Invalid password",
  invalidCredentials: "Wrong handle or password",
  invalidInvite: "This invitation code is not valid. It may have been used, revoked or expired.",
  handleTaken: "That handle is taken. Choose another.",
  crossSite: "Requests from other sites are not allowed",
  internal: "Something went wrong on our side. Please try again later.",
  unavailable: "The service is temporarily unavailable. Please try again later.",
} as const;
