/** Part of `npm run bench:cluster`: the checks it makes, its tables and its summary and exit code. */
import { judge, tiny } from "./tiny.ts";

/** One claim the run checked; `fullOnly` ones are judged on a full run only. */
type Check = { name: string; ok: boolean; detail: string; fullOnly?: boolean };
const checks: Check[] = [];

/** Records a check and prints it as it is made. */
export const check = (name: string, ok: boolean, detail: string, fullOnly = false) => {
  checks.push({ name, ok, detail, fullOnly });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
};

/** Prints a table: the first column left-aligned, the counts right-aligned. */
export function printTable(header: string[], table: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(header));
  for (const row of table) console.log(line(row));
}

/** Every check again, the verdict, and the exit code. */
export function printSummary() {
  console.log("\nSummary");
  for (const c of checks) {
    const judged = !c.fullOnly || !tiny;
    console.log(`${c.ok ? "PASS" : judged ? "FAIL" : "n/a "}  ${c.name.padEnd(42)} ${c.detail}`);
  }
  const failed = checks.filter((c) => !c.ok);
  // Correctness holds at any size; a job continuing after the kill needs the full wait (leases of up to 150 s).
  if (failed.some((c) => !c.fullOnly)) process.exitCode = 1;
  console.log(
    failed.length === 0 ? "\nPASS" : failed.some((c) => !c.fullOnly || !tiny) ? "\nFAIL" : "\nPASS (at a tiny size)",
  );
  judge(failed.some((c) => c.fullOnly));
}
