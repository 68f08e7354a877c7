/**
 * bench:api end to end at a tiny size (BENCH_TINY=1): it must exit 0 and print every
 * route's row, the baseline, the 304 checks and the memory line — on SQLite, and on
 * PostgreSQL too when TEST_DATABASE_URL names a server it may create databases on.
 * The figures are not judged here.
 */
import { describe, expect, it } from "vitest";
import { runBench } from "./run-bench.ts";

const ROWS = [
  "feed items \\(bitcoin\\)",
  "Gemwire's ranked feed",
  "stories",
  "search",
  "member's /api/me",
  "member's blurts",
  "token history",
];

describe("bench:api at a tiny size", () => {
  it("loads every route against the baseline and checks 304s, assets, compression and memory", async () => {
    const run = await runBench("api.ts", [], { DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const databases = process.env.TEST_DATABASE_URL ? ["SQLite", "PostgreSQL"] : ["SQLite"];
    for (const database of databases) expect(run.stdout).toContain(`=== ${database} ===`);
    const row = (label: string) =>
      new RegExp(`^${label}\\s+\\d+\\s+[\\d.]+ ms\\s+[\\d.]+ ms\\s+[\\d.]+ ms\\s+\\d+\\s+[\\d.]+x$`, "gm");
    expect(run.stdout.match(row("baseline \\(the list, [\\d.]+ KB\\)"))).toHaveLength(databases.length);
    for (const label of ROWS) expect(run.stdout.match(row(label)), label).toHaveLength(databases.length);
    expect(run.stdout.match(/feed items \(bitcoin\): If-None-Match answers 304 \(304\)/g)).toHaveLength(
      databases.length,
    );
    expect(run.stdout).toMatch(/\/feeds\/gemwire\.xml: If-None-Match answers 304/);
    expect(run.stdout).toMatch(/hashed asset .*immutable/);
    expect(run.stdout).toMatch(/search over HTTP, one client, .* p95 [\d.]+ ms/);
    expect(run.stdout).toMatch(/resident memory: \d+ MB with the archive loaded/);
    expect(run.stdout).toContain("targets printed, not judged");
  });
});
