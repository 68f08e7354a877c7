// Which files each build reads, and a fingerprint of their contents, so `npm start`
// rebuilds exactly when something it depends on changed.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const builds = {
  web: {
    inputs: ["web", "contracts", "vite.config.ts", "tsconfig.json", "package-lock.json"],
    stamp: path.join(root, "dist", "web", ".build-stamp"),
    output: path.join(root, "dist", "web", "index.html"),
    script: "build:web",
  },
  server: {
    inputs: [
      "server",
      "contracts",
      "tsconfig.json",
      "tsconfig.server.json",
      "package-lock.json",
      "scripts/build-server.mjs",
    ],
    stamp: path.join(root, "dist", "server", ".build-stamp"),
    output: path.join(root, "dist", "server", "main.js"),
    script: "build:server",
  },
};

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child));
}

export function fingerprint(build) {
  const hash = createHash("sha256");
  for (const entry of build.inputs) {
    for (const file of files(entry)) {
      if (isTest(file)) continue;
      hash
        .update(file)
        .update("\0")
        .update(fs.readFileSync(path.join(root, file)))
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
