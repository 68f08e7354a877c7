/**
 * `BENCH_TINY=1`: every benchmark runs on a tiny input, end to end, so the test suite can
 * prove the scripts still work (bench/benches.test.ts) without paying for real figures.
 * At a tiny size the targets are printed but not judged: the exit code says only whether
 * the script ran.
 */
export const tiny = process.env.BENCH_TINY === "1";

/** `full` normally, `small` when BENCH_TINY=1. */
export const sized = <T>(full: T, small: T): T => (tiny ? small : full);

/** Sets the exit code for a target that failed, unless the run is tiny (its figures mean nothing). */
export function judge(failed: boolean): void {
  if (tiny) {
    console.log("\n(tiny run: BENCH_TINY=1 — targets printed, not judged)");
    return;
  }
  if (failed) process.exitCode = 1;
}
