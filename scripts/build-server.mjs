// Compiles the server and its contracts to dist/ and copies the SQL migrations beside them.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builds, writeStamp } from "./build-inputs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");

fs.rmSync(path.join(root, "dist", "server"), { recursive: true, force: true });
fs.rmSync(path.join(root, "dist", "contracts"), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", "tsconfig.server.json"], { cwd: root, stdio: "inherit" });
fs.cpSync(path.join(root, "server", "db", "migrations"), path.join(root, "dist", "server", "db", "migrations"), {
  recursive: true,
});
writeStamp(builds.server);
console.log("Built the server into dist/server");
