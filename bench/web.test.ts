/**
 * `npm run bench:web` end to end at a tiny size (one cold load per page): it exits 0 and
 * prints the home route's first-load size and each page's LCP, CLS and TBT. The figures
 * are the benchmark's to judge, not this test's.
 */
import { describe, expect, it } from "vitest";
import { runBench } from "./run-bench.ts";

describe("bench:web at a tiny size", () => {
  it("prints the first-load size and the vitals of the home and a token page", async () => {
    const run = await runBench("web.ts");
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^ {2}total +[\d.]+ KB of 150 KB budget/m);
    expect(run.stdout).toMatch(/^Machine: \d+ cores, .+, Node v[\d.]+, Chromium [\d.]+/m);
    for (const page of ["home /", "token /token/btc"]) {
      const row = new RegExp(`^ {2}${page.replaceAll("/", "\\/")} +\\d+ ms +\\d+\\.\\d{3} +\\d+ ms +\\d+ ms$`, "m");
      expect(run.stdout).toMatch(row);
    }
    expect(run.stdout).toMatch(/^ {2}(PASS|FAIL) {2}home \(\/\) LCP/m);
    expect(run.stdout).toContain("targets printed, not judged");
  });
});
