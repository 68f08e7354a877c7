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
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(response.status, "http_error", `Request failed (${response.status})`);
  }
  return schema.parse(body);
}
