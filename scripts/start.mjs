// `npm start`: build the web app and the server when missing or stale, then run the server.
import { execFileSync } from "node:child_process";
import { builds, isFresh, root, writeStamp } from "./build-inputs.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

for (const [name, build] of Object.entries(builds)) {
  if (isFresh(build)) continue;
  console.error(`Building the ${name} (missing or out of date)…`);
  execFileSync(npm, ["run", "--silent", build.script], { cwd: root, stdio: "inherit" });
  writeStamp(build);
}

await import("../dist/server/main.js");
