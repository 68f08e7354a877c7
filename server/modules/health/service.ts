import type { Health } from "../../../contracts/health.ts";
import type { Database } from "../../db/database.ts";
import { pingDatabase } from "./repository.ts";

const PING_TIMEOUT_MS = 2_000;

/** Reports whether this process can serve: it is up, and its database answers in time. */
export async function checkHealth(
  database: Database,
  version: string,
  timeoutMs: number = PING_TIMEOUT_MS,
): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database ping timed out")), timeoutMs);
  });
  try {
    await Promise.race([pingDatabase(database), timeout]);
    return { status: "ok", db: "ok", version };
  } catch {
    return { status: "error", db: "error", version };
  } finally {
    clearTimeout(timer);
  }
}
