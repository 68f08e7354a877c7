// Which files each build reads, and a fingerprint of their contents, so `npm start`
// rebuilds exactly when something it depends on changed.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A build: the paths it reads (relative to `root`), the file it produces, and where its fingerprint is kept. */
export function defineBuild(buildRoot, { inputs, output, stamp, script }) {
  return {
    root: buildRoot,
    inputs,
    output: path.join(buildRoot, output),
    stamp: path.join(buildRoot, stamp),
    script,
  };
}

export const builds = {
  web: defineBuild(root, {
    inputs: ["web", "contracts", "vite.config.ts", "tsconfig.json", "package-lock.json"],
    output: "dist/web/index.html",
    stamp: "dist/.build-stamps/web",
    script: "build:web",
  }),
  server: defineBuild(root, {
    inputs: [
      "server",
      "contracts",
      "tsconfig.json",
      "tsconfig.server.json",
      "package-lock.json",
      "scripts/build-server.mjs",
    ],
    output: "dist/server/main.js",
    stamp: "dist/.build-stamps/server",
    script: "build:server",
  }),
};

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("test");

function* files(buildRoot, entry) {
  const full = path.join(buildRoot, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(buildRoot, path.join(entry, child));
}

/** A hash of every input file's path and content; tests do not count. */
export function fingerprint(build) {
  const hash = createHash("sha256");
  for (const entry of build.inputs) {
    for (const file of files(build.root, entry)) {
      if (isTest(file)) continue;
      hash
        .update(file)
        .update("\0")
        .update(fs.readFileSync(path.join(build.root, file)))
        .update("\0");
    }
  }
  return hash.digest("hex");
}

export function isFresh(build) {
  if (!fs.existsSync(build.output) || !fs.existsSync(build.stamp)) return false;
  return fs.readFileSync(build.stamp, "utf8").trim() === fingerprint(build);
}

export function writeStamp(build) {
  fs.mkdirSync(path.dirname(build.stamp), { recursive: true });
  fs.writeFileSync(build.stamp, `${fingerprint(build)}\n`);
}

// `node scripts/build-inputs.mjs web` records that the web build is up to date.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const build = builds[process.argv[2]];
  if (!build) {
    console.error(`usage: node scripts/build-inputs.mjs ${Object.keys(builds).join("|")}`);
    process.exit(2);
  }
  writeStamp(build);
}
