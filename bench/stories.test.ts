/**
 * `npm run bench:stories` end to end at a tiny size (BENCH_TINY=1: 200 and 500 titles), so
 * the script cannot rot: it must exit 0 and print a row per size with the pairs and
 * clusters compared with naive's. The figures are not judged here.
 */
import { describe, expect, it } from "vitest";
import { runBench } from "./run-bench.ts";

describe("bench:stories at a tiny size", () => {
  it("prints the machine, a row per size with identical pairs and clusters, and the targets", async () => {
    const run = await runBench("stories.ts");
    expect(run.stderr).toBe("");
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^Machine: \d+ cores, .+, Node v\d+/m);
    expect(run.stdout).toContain(
      "| titles | naive | Gemwire (lossless) | speed-up | pairs found / naive | pairs identical |",
    );
    for (const size of [200, 500]) {
      // Lossless: the pairs found equal naive's count, and both columns say "yes".
      const row = new RegExp(
        `^\\| ${size} \\| [\\d.]+ m?s \\| [\\d.]+ m?s \\| [\\d.]+× \\| (\\d+) / (\\d+) \\| yes \\| yes \\|`,
        "m",
      );
      const match = run.stdout.match(row);
      expect(match, `row for ${size} titles`).not.toBeNull();
      expect(match?.[1]).toBe(match?.[2]);
    }
    expect(run.stdout).toContain("identical pairs and clusters at every size: met");
    expect(run.stdout).toContain("targets printed, not judged");
  });
});
