/**
 * bench:search end to end at a tiny size (BENCH_TINY=1): it must exit 0 and print its
 * table per database — SQLite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * The figures are not judged here.
 */
import { describe, expect, it } from "vitest";
import { runBench } from "./run-bench.ts";
import { SEARCH_QUERY_MIX } from "./search.ts";

describe("bench:search at a tiny size", () => {
  it("prints each class's p50/p95 and the overall p95 against the target, per database", async () => {
    // Only TEST_DATABASE_URL picks PostgreSQL here, never a DATABASE_URL set for the app.
    const run = await runBench("search.ts", [], { DATABASE_URL: undefined });
    expect(run.stderr).toBe("");
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^bench:search — 2000 articles, \d+ cores \(.+\), Node v\d+/m);
    const dialects = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
    const tables = run.stdout.split(/^(?=sqlite:|postgres:)/m).slice(1);
    expect(tables.map((table) => table.split(":")[0])).toEqual(dialects);
    for (const table of tables) {
      expect(table).toMatch(/^\w+: 2000 articles \(stored in [\d.]+ s\)/);
      for (const name of Object.keys(SEARCH_QUERY_MIX)) {
        expect(table).toMatch(new RegExp(`^${name}\\s+\\d+\\s+\\d+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+$`, "m"));
      }
      expect(table).toMatch(/^overall\s+\d+\s+[\d.]+\s+[\d.]+\s+[\d.]+$/m);
      expect(table).toMatch(/^(PASS|FAIL) p95 [\d.]+ ms per search \(target ≤ 50 ms\)$/m);
    }
    expect(run.stdout).toContain("targets printed, not judged");
  });
});
