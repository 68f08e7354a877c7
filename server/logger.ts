import { pino } from "pino";
import type { Config } from "./config.ts";

/** Structured JSON logs, one line per event; never the cookie or authorization headers. */
export function createLogger(config: Pick<Config, "logLevel">) {
  return pino({
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
