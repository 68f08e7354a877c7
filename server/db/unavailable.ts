/**
 * Whether an error means the database cannot be reached right now (restarting, shutting
 * down, the network between us gone), as opposed to a query that is wrong. Such a request
 * answers 503 with Retry-After instead of 500: nothing is wrong with it, and the pool
 * reconnects on its own once PostgreSQL is back (docs/decisions/033).
 */

/** Seconds a client is told to wait before trying again: a PostgreSQL restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection refused, reset or cut. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * PostgreSQL SQLSTATEs of a server going away or not taking connections: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const SQLSTATES = new Set(["08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "53300"]);

/** What node-postgres and its pool say, without a code, when a connection breaks or never comes. */
const MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATES.has(code))) return true;
  return MESSAGES.test(error.message);
}
