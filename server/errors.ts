import { type ErrorCode, messages } from "../contracts/errors.ts";

/** An error the API may show to its caller: a status, a stable code and a safe message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "AppError";
  }
}

export const invalidRequest = (message: string) => new AppError(400, "invalid_request", message);

export const notFound = (message = "Not found") => new AppError(404, "not_found", message);

export const unauthenticated = () => new AppError(401, "unauthenticated", messages.notAuthenticated);

export const forbidden = (message = "Forbidden") => new AppError(403, "forbidden", message);

export const unavailable = (message: string = messages.unavailable, cause?: unknown) =>
  new AppError(503, "unavailable", message, { cause });

export const invalidCredentials = () => new AppError(401, "invalid_credentials", messages.invalidCredentials);

export const invalidAdminPassword = () => new AppError(401, "invalid_password", messages.invalidPassword);

export const invalidInvite = () => new AppError(400, "invalid_invite", messages.invalidInvite);

export const handleTaken = () => new AppError(409, "handle_taken", messages.handleTaken);

/** How a 429 reads, given the seconds to wait; by default "Too many attempts. Try again in N seconds." */
export type RateLimitMessage = (retryAfterSeconds: number) => string;

const tooManyAttempts: RateLimitMessage = (seconds) => `Too many attempts. Try again in ${seconds} seconds.`;

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: RateLimitMessage = tooManyAttempts,
  ) {
    super(429, "rate_limited", message(retryAfterSeconds));
  }
}
