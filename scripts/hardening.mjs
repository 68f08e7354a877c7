// `npm run test:hardening`: the reliability and security suite at its full size (every
// threat's regression tests, the fault tests, the bank invariant), then its summary.
// `--quick` runs the same tests at the size `npm test` uses.
//
// The threat files run several at once; the fault files one at a time, since they kill and
// restart servers on a clock. One Vitest run would start the faults only once every threat
// file is done, and they spend most of their time waiting on processes they stopped. So the
// two run side by side as two Vitest runs (the faults' servers and PostgreSQL are their own),
// each writing a blob report, and one merged report then prints every result and the summary.
// The threat files run at a lower priority (nice 10): they only fill the time the faults
// leave idle, so the faults' restarts and their clocks go as fast as when they ran alone.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quick = process.argv.includes("--quick");
const extra = process.argv.slice(2).filter((arg) => arg !== "--quick");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const env = { ...process.env, HARDENING_FULL: quick ? "0" : "1" };
const blobs = path.join(root, "reports", "hardening-blobs");
fs.rmSync(blobs, { recursive: true, force: true });

const nice = process.platform !== "win32" && spawnSync("nice", ["true"]).status === 0;

/** One project's run: dots while it goes, its results in a blob for the merged report. */
function run(project, { background = false } = {}) {
  const command = [
    npx,
    "vitest",
    "run",
    "--project",
    project,
    "--passWithNoTests",
    "--reporter=dot",
    "--reporter=blob",
    `--outputFile.blob=${path.join(blobs, `${project}.json`)}`,
    ...extra,
  ];
  const [file, ...args] = background && nice ? ["nice", "-n", "10", ...command] : command;
  const child = spawn(file, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], env });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ project, code, signal })));
}

console.log("Threat files (several at once) and fault files (one at a time) run side by side; results follow.");
const runs = await Promise.all([run("hardening-threats", { background: true }), run("hardening-faults")]);
const merged = spawnSync(
  npx,
  [
    "vitest",
    "run",
    "--merge-reports",
    blobs,
    "--reporter=default",
    "--reporter=./hardening/summary-reporter.ts",
    "--reporter=json",
    "--outputFile.json=reports/hardening.json",
  ],
  { cwd: root, stdio: "inherit", env },
);
// A run that died before writing its blob has no results to merge: say so, and fail.
const lost = runs.filter(({ project }) => !fs.existsSync(path.join(blobs, `${project}.json`)));
for (const { project, code, signal } of lost) {
  console.error(`✖ ${project} wrote no results (exit ${signal ?? code}); its output is above.`);
}
const failed = lost.length > 0 || merged.status !== 0 || runs.some(({ code }) => code !== 0);
process.exit(failed ? 1 : 0);
