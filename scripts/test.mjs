// `npm test`: lint and format check, type check, unit and API tests, build, the benchmarks
// at a tiny size, the reliability and security suite at its quick size, browser tests.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const steps = [
  ["lint and format (Biome)", ["run", "--silent", "lint"]],
  ["type check (tsc)", ["run", "--silent", "typecheck"]],
  ["unit and API tests (Vitest)", ["run", "--silent", "test:unit"]],
  ["build", ["run", "--silent", "build"]],
  ["benchmarks at a tiny size (Vitest)", ["run", "--silent", "test:bench"]],
  ["reliability and security suite, quick size (Vitest)", ["run", "--silent", "test:hardening", "--", "--quick"]],
  ["browser tests (Playwright + Chromium)", ["run", "--silent", "test:e2e"]],
];

console.log(
  `API tests run on SQLite${process.env.TEST_DATABASE_URL ? " and PostgreSQL (TEST_DATABASE_URL)" : " only; set TEST_DATABASE_URL to add PostgreSQL"}`,
);
/** Each step's wall time, printed at the end (and on a failure) so the slow steps are plain. */
const took = [];
const printTimes = () => {
  const total = took.reduce((sum, [, ms]) => sum + ms, 0);
  console.log("\nTime per step");
  for (const [name, ms] of [...took, ["total", total]])
    console.log(`  ${name.padEnd(54)} ${(ms / 1000).toFixed(0).padStart(5)} s`);
};
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(npm, args, { cwd: root, stdio: "inherit" });
  took.push([name, Date.now() - started]);
  if (result.status !== 0) {
    printTimes();
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
printTimes();
// One plain closing line for whoever reads the log: every test Vitest and Playwright ran.
const read = (file) => JSON.parse(fs.readFileSync(path.join(root, "reports", file), "utf8"));
const unit = read("vitest.json");
const bench = read("bench.json");
const hardening = read("hardening.json");
const e2e = read("e2e.json").stats;
const passed = unit.numPassedTests + bench.numPassedTests + hardening.numPassedTests + e2e.expected + e2e.flaky;
const failed = unit.numFailedTests + bench.numFailedTests + hardening.numFailedTests + e2e.unexpected;
console.log("\n✔ all checks passed");
console.log(`Tests: ${passed} passed, ${failed} failed`);
