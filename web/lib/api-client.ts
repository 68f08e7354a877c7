import type { ErrorBody } from "../../contracts/errors.ts";

/** An API answer that was not a success, with the server's stable code and safe message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const NETWORK_MESSAGE = "Cannot reach Gemwire. Check your connection and try again.";

/*
 * Answers are typed by the shared contracts but not re-validated here: the server checks
 * every response against the same zod schema before sending it (docs/decisions/009), and
 * shipping zod to the browser would cost a third of the home page's JavaScript budget.
 */

/** GETs a JSON resource from our API, typed by its contract. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin", signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_MESSAGE);
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/** Turns a failed answer into an ApiError with the server's code and message. */
async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(body)) return new ApiError(response.status, body.error.code, body.error.message);
  return new ApiError(response.status, "http_error", `Request failed (${response.status})`);
}

/**
 * Sends a change to our API (JSON, or a FormData upload) and returns the answer, typed by
 * its contract; 204 answers give undefined.
 */
export async function sendJson<T = undefined>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers:
        body instanceof FormData
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body instanceof FormData ? body : JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError(0, "network_error", NETWORK_MESSAGE);
  }
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
