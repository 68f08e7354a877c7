/**
 * `npm run bench:web`: builds the web app and prints what the home route downloads before
 * it can render (the entry chunk and everything it imports statically), gzipped, against
 * the 150 KB budget, plus the lazily loaded chunks and the largest packages in the entry.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";

const BUDGET_KB = 150;
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "reports", "bench-web");

await build({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: { outDir, emptyOutDir: true, manifest: true, sourcemap: "hidden" },
});

const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8"));
const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;
const kb = (n: number) => `${n.toFixed(1).padStart(7)} KB`;

/** The entry chunk and its static imports, transitively: what the first page load needs. */
function initialChunks(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) initialChunks(child, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("the build has no entry chunk");
const initial = initialChunks(entryKey);
const initialFiles = [...initial].map((key) => manifest[key]?.file).filter((f): f is string => Boolean(f));
const lazyFiles = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith(".js") && !initialFiles.includes(file));

console.log("Home route, initial JavaScript (gzip -9):");
let total = 0;
for (const file of initialFiles) {
  const size = gzipKb(file);
  total += size;
  console.log(`  ${kb(size)}  ${file}`);
}
const css = Object.values(manifest).flatMap((chunk) => (initial.has(chunk.src ?? "") ? (chunk.css ?? []) : []));
const cssKb = [...new Set(css)].reduce((sum, file) => sum + gzipKb(file), 0);
console.log(
  `  total ${kb(total)} of ${BUDGET_KB} KB budget (${((total / BUDGET_KB) * 100).toFixed(0)}%); CSS ${kb(cssKb)}`,
);

console.log(`\nLoaded lazily (${lazyFiles.length} chunks):`);
for (const file of lazyFiles.sort((a, b) => gzipKb(b) - gzipKb(a)).slice(0, 12)) {
  console.log(`  ${kb(gzipKb(file))}  ${file}`);
}

console.log("\nLargest packages in the initial JavaScript (minified, before gzip):");
for (const [name, bytes] of largestSources(initialFiles).slice(0, 12)) console.log(`  ${kb(bytes / 1024)}  ${name}`);

if (total > BUDGET_KB) {
  console.error(`\nOver budget: the home route needs ${total.toFixed(1)} KB gzipped, the budget is ${BUDGET_KB} KB.`);
  process.exitCode = 1;
}

/** Minified bytes per package (or "app" for our code), read from the chunks' source maps. */
function largestSources(files: string[]): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const file of files) {
    const mapFile = path.join(outDir, `${file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
    const lines = fs.readFileSync(path.join(outDir, file), "utf8").split("\n");
    for (const { column, end, source } of segments(map.mappings, lines)) {
      const name = packageOf(map.sources[source] ?? "?");
      totals.set(name, (totals.get(name) ?? 0) + end - column);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

function packageOf(source: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return match?.[1] ?? "app (web/, contracts/)";
}

/** Decodes source-map mappings into generated ranges, each with the source it came from. */
function* segments(mappings: string, lines: string[]) {
  let source = 0;
  const groups = mappings.split(";");
  for (let line = 0; line < groups.length; line++) {
    const parsed: Array<{ column: number; source: number }> = [];
    let column = 0;
    for (const segment of (groups[line] ?? "").split(",")) {
      if (!segment) continue;
      const values = vlq(segment);
      column += values[0] ?? 0;
      if (values.length > 1) source += values[1] ?? 0;
      parsed.push({ column, source });
    }
    const length = lines[line]?.length ?? 0;
    for (let i = 0; i < parsed.length; i++) {
      const current = parsed[i];
      if (current) yield { line, column: current.column, end: parsed[i + 1]?.column ?? length, source: current.source };
    }
  }
}

function vlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}
