import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ErrorCode, messages } from "../../contracts/errors.ts";
import { storageRefusal } from "../data-dir.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError, RateLimitedError } from "../errors.ts";

/** Seconds a client is told to wait after a write refused for full or read-only storage. */
const STORAGE_RETRY_AFTER_SECONDS = 60;

const codeByStatus: Record<number, ErrorCode> = {
  400: "invalid_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  431: "headers_too_large",
  503: "unavailable",
};

/** Describes zod validation issues as "querystring.limit: Too big: expected number to be <=100". */
function describeValidation(error: FastifyError): string {
  const details = (error.validation ?? []).map((issue) => {
    const where = [
      error.validationContext,
      ...String(issue.instancePath ?? "")
        .split("/")
        .filter(Boolean),
    ]
      .filter(Boolean)
      .join(".");
    return where ? `${where}: ${issue.message}` : String(issue.message);
  });
  return details.length > 0 ? `Invalid request. ${details.join("; ")}` : "Invalid request";
}

/**
 * One error handler for the whole API: every failure leaves as
 * `{ error: { code, message } }`. 5xx answers never carry internal details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Errors that already say the client is at fault (4xx — among them a request body cut
    // off mid-way, whose socket error looks like a dropped database connection) keep theirs.
    const serverSide = (error.statusCode ?? 500) >= 500;
    // PostgreSQL restarting or out of reach: the request was fine; the pool reconnects by
    // itself. Also when a service wrapped the failure in a 500 of its own.
    const wrapped = error instanceof AppError && error.statusCode >= 500 ? error.cause : undefined;
    if (serverSide && (isDatabaseUnavailable(error) || isDatabaseUnavailable(wrapped))) {
      request.log.warn({ err: wrapped ?? error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: { code: "unavailable", message: messages.unavailable } });
    }
    // Storage full or read-only, also inside a service's own 500: the write failed and
    // nothing of it was kept; what is stored stays and reads go on.
    const storage = serverSide ? storageRefusal(error) : null;
    if (storage) {
      request.log.error(
        { err: error, dataDir: app.config.dataDir },
        "a write failed: storage is full or read-only (the database's disk, or DATA_DIR's for uploads)",
      );
      // Room may be made, or the storage remounted, at any time: worth a retry a minute on.
      reply.header("retry-after", String(STORAGE_RETRY_AFTER_SECONDS));
      return reply.status(storage.status).send({ error: { code: "unavailable", message: storage.message } });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: { code: "invalid_request", message: describeValidation(error) } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status] ?? "invalid_request";
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, "request failed");
    const code = status === 503 ? "unavailable" : "internal_error";
    const message = status === 503 ? messages.unavailable : messages.internal;
    return reply.status(status === 503 ? 503 : 500).send({ error: { code, message } });
  });
}
