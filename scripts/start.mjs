// `npm start`: build the web app and the server when missing or stale, then run the server.
// `--migrate-only` (npm run db:migrate) needs only the server.
import { execFileSync } from "node:child_process";
import { builds, isFresh, root } from "./build-inputs.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const migrateOnly = process.argv.includes("--migrate-only");
const needed = migrateOnly ? { server: builds.server } : builds;

for (const [name, build] of Object.entries(needed)) {
  if (isFresh(build)) continue;
  console.error(`Building the ${name} (missing or out of date)…`);
  // Each build script records its own fingerprint when it succeeds.
  execFileSync(npm, ["run", "--silent", build.script], { cwd: root, stdio: "inherit" });
}

await import("../dist/server/main.js");
