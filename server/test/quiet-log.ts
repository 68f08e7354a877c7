import type { FastifyBaseLogger } from "fastify";

/** A logger that says nothing, for jobs and services a test runs outside an app. */
export const quietLog: FastifyBaseLogger = {
  level: "silent",
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child: () => quietLog,
} as unknown as FastifyBaseLogger;
