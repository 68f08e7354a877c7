/**
 * Every `npm run bench:*` script, end to end at a tiny size (BENCH_TINY=1), so none can rot
 * unnoticed: each must exit 0 and print its table. The figures themselves are not judged
 * here (speed is for the benchmarks, not the test suite).
 */
import { describe, expect, it } from "vitest";
import { runBench } from "./run-bench.ts";

describe("benchmarks at a tiny size", () => {
  it("bench:feeds parses its corpus with both parsers and scans hostile tags", async () => {
    const run = await runBench("feeds.ts");
    expect(run.stderr).toBe("");
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^gemwire\s+\d+ items in/m);
    expect(run.stdout).toMatch(/^rss-parser\s+\d+ items in/m);
    expect(run.stdout).toMatch(/ratio: [\d.]+x rss-parser/);
    expect(run.stdout.match(/\(linear ≈ 2\)/g)).toHaveLength(7);
    expect(run.stdout).toContain("targets printed, not judged");
  });

  it("bench:analysis times every step at two sizes", async () => {
    const run = await runBench("analysis.ts");
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    for (const step of ["key points", "coin index build", "ticker count", "trends dedupe", "coin tags"]) {
      expect(run.stdout).toMatch(new RegExp(`^${step}.* ms .* ms  ×[\\d.]+`, "m"));
    }
  });

  it("bench:feed-refresh refreshes a big feed in the real app while polling its health", async () => {
    const run = await runBench("feed-refresh.ts");
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Refresh of the big feed: [\d.]+ s; stored \d+ items/);
    expect(run.stdout).toMatch(/This run: max \d+ ms, p99 \d+ ms/);
  });
});
