import { ApiError } from "./api-client.ts";

/** A refused form: the server's message for each field it named, and whatever named no field. */
export type FieldErrors = { fields: Record<string, string>; other: string | null };

const PREFIX = /^Invalid request\.\s*/;
const FIELD_ISSUE = /^body\.([\w.]+): (.+)$/s;

/**
 * Reads the API's validation answer ("Invalid request. body.website: … ; body.endDate: …",
 * server/plugins/errors.ts) into messages per field (`location.city` for nested ones), so a
 * form can show each beside its field. Any other failure is the form's as a whole.
 */
export function fieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof Error)) return { fields: {}, other: null };
  if (!(error instanceof ApiError) || error.code !== "invalid_request" || !PREFIX.test(error.message)) {
    return { fields: {}, other: error.message };
  }
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const issue of error.message.replace(PREFIX, "").split("; ")) {
    const match = FIELD_ISSUE.exec(issue.trim());
    const [, field, message] = match ?? [];
    if (field && message) fields[field] ??= message;
    else if (issue.trim()) rest.push(issue.trim());
  }
  const other = rest.length > 0 ? `Invalid request. ${rest.join("; ")}` : null;
  return { fields, other: Object.keys(fields).length === 0 && !other ? error.message : other };
}
