// Which locked packages would make `npm install` warn EBADENGINE on the Node.js version we
// promise: `node scripts/node-engines.mjs` lists them, scripts/node-engines.test.ts keeps
// the list empty. The range matcher covers the npm semver forms package.json files use
// (||, comparator sets, ^, ~, x-ranges, partial versions) and refuses anything else.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** [major, minor, patch] of a full version such as "20.19.0" or "v20.20.2". */
export function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`not a version: ${text}`);
  return match.slice(1, 4).map(Number);
}

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const WILD = /^[xX*]$/;

/** A partial version ("20", "0.8.x", "*") as its numbers, stopping at the first wildcard. */
function parsePartial(text) {
  const parts = text.split(".");
  const numbers = [];
  for (const part of parts) {
    if (WILD.test(part)) break;
    if (!/^\d+$/.test(part)) throw new Error(`unsupported version in a range: ${text}`);
    numbers.push(Number(part));
  }
  if (parts.length > 3) throw new Error(`unsupported version in a range: ${text}`);
  return numbers;
}

const pad = (numbers) => [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0];

/** The first version past a partial one: 1.2 → 1.3.0, 1 → 2.0.0. */
function bump(numbers) {
  const next = pad(numbers);
  const at = numbers.length - 1;
  next[at] += 1;
  for (let i = at + 1; i < 3; i++) next[i] = 0;
  return next;
}

/** One comparator as an inclusive lower bound and an exclusive upper bound (either may be missing). */
function bounds(comparator) {
  const match = /^(<=|>=|<|>|=|\^|~)?(.*)$/.exec(comparator);
  const op = match?.[1] ?? "";
  const numbers = parsePartial(match?.[2] ?? "");
  if (numbers.length === 0) return op === "<" || op === ">" ? { empty: true } : {};
  const full = numbers.length === 3;
  switch (op) {
    case ">=":
      return { low: pad(numbers) };
    case ">":
      return { low: full ? [numbers[0], numbers[1], numbers[2] + 1] : bump(numbers) };
    case "<":
      return { high: pad(numbers) };
    case "<=":
      return { high: full ? [numbers[0], numbers[1], numbers[2] + 1] : bump(numbers) };
    case "~":
      return { low: pad(numbers), high: bump(numbers.slice(0, Math.min(numbers.length, 2))) };
    case "^": {
      // The first non-zero part may not change (^0.2.3 < 0.3.0); a partial version counts its missing parts as any.
      const significant = numbers.findIndex((n) => n !== 0);
      const keep = significant === -1 ? numbers.length : Math.min(significant + 1, numbers.length);
      return { low: pad(numbers), high: bump(numbers.slice(0, keep)) };
    }
    default:
      return { low: pad(numbers), high: full ? [numbers[0], numbers[1], numbers[2] + 1] : bump(numbers) };
  }
}

/** Whether `version` ("20.19.0") satisfies the npm range `range` (">=18", "^20.19.0 || >=22.12.0", …). */
export function satisfies(version, range) {
  const wanted = parseVersion(version);
  return range.split("||").some((set) => {
    // ">= 10" is ">=10": join an operator to its version, then split the set into comparators.
    const comparators = set
      .trim()
      .replace(/(<=|>=|<|>|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .filter(Boolean);
    if (comparators.some((c) => c.includes(" - ") || /^\d.*-/.test(c))) throw new Error(`unsupported range: ${range}`);
    return comparators.every((comparator) => {
      const { low, high, empty } = bounds(comparator);
      if (empty) return false;
      return (!low || compare(wanted, low) >= 0) && (!high || compare(wanted, high) < 0);
    });
  });
}

/** The oldest Node.js version package.json promises: ">=20.19" → "20.19.0". */
export function promisedNode(packageJson) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(packageJson.engines?.node ?? "");
  if (!match) throw new Error(`package.json engines.node should read ">=X.Y" (got ${packageJson.engines?.node})`);
  return `${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}`;
}

/** Locked packages whose engines.node refuses `version`, as "path (range)". */
export function enginesRefusing(lock, version) {
  return Object.entries(lock.packages ?? {})
    .filter(([name, entry]) => name !== "" && typeof entry.engines?.node === "string")
    .filter(([, entry]) => !satisfies(version, entry.engines.node))
    .map(([name, entry]) => `${name.replace(/^node_modules\//, "")} (${entry.engines.node})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
  const version = promisedNode(read("package.json"));
  const refusing = enginesRefusing(read("package-lock.json"), version);
  if (refusing.length === 0) console.log(`Every locked package accepts Node.js ${version}.`);
  else console.log(`These locked packages refuse Node.js ${version}:\n  ${refusing.join("\n  ")}`);
  process.exitCode = refusing.length === 0 ? 0 : 1;
}
