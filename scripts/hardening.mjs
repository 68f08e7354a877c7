// `npm run test:hardening`: the reliability and security suite at its full size (every
// threat's regression tests, the fault tests, the bank invariant), then its summary.
// `--quick` runs the same tests at the size `npm test` uses.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quick = process.argv.includes("--quick");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const result = spawnSync(
  npx,
  [
    "vitest",
    "run",
    "--project",
    "hardening-*",
    "--reporter=default",
    "--reporter=./hardening/summary-reporter.ts",
    "--reporter=json",
    "--outputFile.json=reports/hardening.json",
    ...process.argv.slice(2).filter((arg) => arg !== "--quick"),
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, HARDENING_FULL: quick ? "0" : "1" } },
);
process.exit(result.status ?? 1);
