import type { z } from "zod";
import { errorBodySchema } from "../../contracts/errors.ts";

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

/** GETs a JSON resource from our API and checks it against its contract schema. */
export async function getJson<T extends z.ZodType>(url: string, schema: T, signal?: AbortSignal): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin", signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_MESSAGE);
  }
  if (!response.ok) throw await failure(response);
  return schema.parse(await response.json());
}

/** Turns a failed answer into an ApiError with the server's code and message. */
async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiError(response.status, "http_error", `Request failed (${response.status})`);
}

/**
 * Sends a change to our API (JSON, or a FormData upload) and reads the answer against its
 * schema; 204 answers give undefined.
 */
export async function sendJson<T extends z.ZodType>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body: unknown,
  schema?: T,
): Promise<z.infer<T>> {
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
  if (response.status === 204 || !schema) return undefined as z.infer<T>;
  return schema.parse(await response.json());
}
