/**
 * `npm run bench:web`: builds the web app and prints what the home route downloads before
 * it can render (the entry chunk and everything it imports statically), gzipped, against
 * the 150 KB budget, plus the lazily loaded chunks and the largest packages in the entry.
 *
 * Then the app as `npm start` serves it (dist/, built when stale; sample mode) in Debian's
 * Chromium: LCP, CLS and total blocking time of the home page and a token page, each the
 * median of cold loads (BENCH_TINY=1: one load each), against LCP ≤ 2.5 s and CLS ≤ 0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";
import { CHROMIUM_PATH, launchChromium } from "../test-kit/chromium.ts";
import { ensureBuilt, startFlags, startServer, waitUntilReady } from "../test-kit/server-process.ts";
import { paths } from "../web/paths.ts";
import { judge, sized } from "./tiny.ts";
import { measurePage, VIEWPORT } from "./web-vitals.ts";

const BUDGET_KB = 150;
const TARGETS = { lcpMs: 2_500, cls: 0.1 };
const LOADS = sized(5, 1);
const PAGES = [
  { label: "home", path: paths.home },
  { label: "token", path: paths.token("btc") },
];
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

const vitals = await measureVitals();

console.log("\nTargets:");
let failed = false;
const check = (label: string, pass: boolean) => {
  failed ||= !pass;
  console.log(`  ${pass ? "PASS" : "FAIL"}  ${label}`);
};
check(`home first-load JavaScript ${total.toFixed(1)} KB gz (≤ ${BUDGET_KB} KB)`, total <= BUDGET_KB);
for (const { label, path: pagePath, lcpMs, cls } of vitals) {
  check(
    `${label} (${pagePath}) LCP ${(lcpMs / 1000).toFixed(2)} s (≤ ${TARGETS.lcpMs / 1000} s)`,
    lcpMs <= TARGETS.lcpMs,
  );
  check(`${label} (${pagePath}) CLS ${cls.toFixed(3)} (≤ ${TARGETS.cls})`, cls <= TARGETS.cls);
}
judge(failed);

/** The vitals of each page of PAGES, served from dist/ in sample mode, in Chromium. */
async function measureVitals() {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-bench-web-"));
  const server = await startServer(dataDir, startFlags());
  try {
    await waitUntilReady(server);
    const browser = await launchChromium();
    try {
      const cpus = os.cpus();
      console.log(
        `\nCore Web Vitals, dist/ in sample mode, median of ${LOADS} cold load${LOADS === 1 ? "" : "s"} per page ` +
          `(fresh browser context each, ${VIEWPORT.width}×${VIEWPORT.height}, no throttling)`,
      );
      console.log(
        `Machine: ${cpus.length} cores, ${cpus[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, ` +
          `Chromium ${browser.version()} (${CHROMIUM_PATH}, headless)`,
      );
      console.log(
        `  ${"page".padEnd(22)} ${"LCP".padStart(8)} ${"CLS".padStart(7)} ${"TBT".padStart(8)} ${"FCP".padStart(8)}`,
      );
      const rows = [];
      for (const page of PAGES) {
        const result = await measurePage(browser, `${server.origin}${page.path}`, LOADS);
        rows.push({ ...page, ...result });
        console.log(
          `  ${`${page.label} ${page.path}`.padEnd(22)} ${msText(result.lcpMs)} ${result.cls.toFixed(3).padStart(7)} ` +
            `${msText(result.tbtMs)} ${msText(result.fcpMs)}`,
        );
      }
      return rows;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function msText(ms: number): string {
  return `${ms.toFixed(0)} ms`.padStart(8);
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
