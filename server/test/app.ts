import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";

/** The real app on a real database, quiet, with configuration overrides as an operator would set them. */
export async function buildTestApp(
  database: Database,
  options: { env?: Record<string, string>; webRoot?: string } = {},
) {
  const config = loadConfig({ LOG_LEVEL: "silent", ...options.env });
  return buildApp({ config, database, webRoot: options.webRoot });
}
