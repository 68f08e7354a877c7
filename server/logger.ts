import { pino } from "pino";
import type { Config } from "./config.ts";
import { formatLogLine } from "./log-format.ts";

/** Where log lines go: stdout, or a stand-in for it in tests. */
export type LogOutput = { write(text: string): unknown; isTTY?: boolean };

/**
 * Structured JSON logs, one line per event; never the cookie or authorization headers.
 * In a terminal the same events are shown as readable lines instead.
 */
export function createLogger(config: Pick<Config, "logLevel">, output?: LogOutput) {
  const options = {
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  };
  const target = output ?? process.stdout;
  if (!target.isTTY) return output ? pino(options, { write: (line: string) => output.write(line) }) : pino(options);
  // A terminal's own answer, which heeds NO_COLOR and FORCE_COLOR.
  const color = (target as { hasColors?: () => boolean }).hasColors?.() ?? false;
  return pino(options, { write: (line: string) => target.write(formatLogLine(line, { color })) });
}
