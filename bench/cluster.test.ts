/**
 * bench:cluster end to end at a tiny size when TEST_DATABASE_URL names a PostgreSQL server
 * (CI sets it); without one, the script must refuse with how to run it, not pass silently.
 */
import { describe, expect, it } from "vitest";
import { runBench } from "./run-bench.ts";

const postgres = process.env.TEST_DATABASE_URL;

describe("bench:cluster", () => {
  it("refuses to run without a PostgreSQL server, saying how to run it", async () => {
    const run = await runBench("cluster.ts", [], { DATABASE_URL: undefined, TEST_DATABASE_URL: undefined });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("bench:cluster needs a PostgreSQL server");
    expect(run.stderr).toContain("DATABASE_URL=postgres://");
    expect(run.stdout).toBe("");
  });

  it.runIf(postgres)(
    "runs two processes on one PostgreSQL and prints every count",
    async () => {
      const run = await runBench("cluster.ts", [], { DATABASE_URL: undefined, TEST_DATABASE_URL: postgres });
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/^Machine: \d+ cores/m);
      expect(run.stdout).toMatch(/^PASS {2}sign-in shared/m);
      expect(run.stdout).toMatch(/^PASS {2}notification across processes/m);
      expect(run.stdout).toMatch(/^PASS {2}stake paid once by the other process .* 1 payout row\(s\)/m);
      expect(run.stdout).toMatch(/^PASS {2}the survivor keeps serving/m);
      expect(run.stdout).toMatch(/^PASS {2}each job once per period +0 period\(s\) run again/m);
      for (const job of ["feed-refresh", "price-history", "trends-refresh", "prediction-resolver"]) {
        expect(run.stdout).toMatch(new RegExp(`^${job} +[1-9]\\d* +\\d+ +\\d+ +0 +\\d+ +\\d+ +\\d+$`, "m"));
      }
    },
    120_000,
  );
});
