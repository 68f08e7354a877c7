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
