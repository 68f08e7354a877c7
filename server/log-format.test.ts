import { describe, expect, it } from "vitest";
import { formatLogLine } from "./log-format.ts";
import { createLogger } from "./logger.ts";

const at = new Date(2026, 0, 2, 12, 4, 5).getTime();
const line = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time: at, pid: 1, hostname: "box", ...fields })}\n`;

describe("readable log lines", () => {
  it.each([
    [{ msg: "database ready" }, "12:04:05 INFO  database ready\n"],
    [
      { level: 40, msg: "No ADMIN_PASSWORD is set", adminPassword: "abc" },
      "12:04:05 WARN  No ADMIN_PASSWORD is set adminPassword=abc\n",
    ],
    [
      { msg: "request completed", reqId: "r-1", res: { statusCode: 200 }, responseTime: 1.5 },
      "12:04:05 INFO  request completed reqId=r-1 res.statusCode=200 responseTime=1.5\n",
    ],
    [
      { level: 50, msg: "Cannot start", database: "SQLite at /tmp/a b" },
      '12:04:05 ERROR Cannot start database="SQLite at /tmp/a b"\n',
    ],
  ])("shows %o as a plain line", (fields, expected) => {
    expect(formatLogLine(line(fields))).toBe(expected);
  });

  it("puts an error's stack under its line", () => {
    const text = formatLogLine(
      line({
        level: 50,
        msg: "request failed",
        err: { type: "Error", message: "boom", stack: "Error: boom\n    at x" },
      }),
    );
    expect(text).toBe("12:04:05 ERROR request failed\n    Error: boom\n        at x\n");
  });

  it("colours the level only when asked", () => {
    expect(formatLogLine(line({ level: 40, msg: "careful" }), { color: true })).toContain("\u001b[33mWARN \u001b[0m");
  });

  it("passes through a line that is not JSON", () => {
    expect(formatLogLine("plain words")).toBe("plain words\n");
  });
});

describe("the logger's output", () => {
  it("writes JSON lines when the output is not a terminal", () => {
    const written: string[] = [];
    createLogger({ logLevel: "info" }, { write: (text) => written.push(text) }).info({ port: 3000 }, "listening");
    expect(JSON.parse(written[0] ?? "")).toMatchObject({ level: 30, msg: "listening", port: 3000 });
  });

  it("writes readable lines to a terminal", () => {
    const written: string[] = [];
    createLogger({ logLevel: "info" }, { isTTY: true, write: (text) => written.push(text) }).warn("careful");
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d WARN {2}careful\n$/);
  });
});
