// The architecture's import rules (docs/architecture.md), checked on every `npm run lint`:
//  - web/** never imports server/**; contracts/** imports nothing of the app;
//  - a web feature never imports another feature;
//  - server/{lib,db,outbound,plugins} never import server/modules/**;
//  - a server module imports another only through its public file (index.ts or service.ts),
//    and the modules' graph has no cycle.
// Tests, test kits and fixtures may reach inside a module; the first two rules hold for them
// too. File-level import cycles are Biome's noImportCycles. The module graph drawn in
// docs/architecture.md is generated here: `--write` redraws it, a stale one fails the check.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ARCHITECTURE = path.join(root, "docs", "architecture.md");
const GRAPH_START = "<!-- module-graph:start (npm run lint -- --write redraws it) -->";
const GRAPH_END = "<!-- module-graph:end -->";
const SOURCE = /\.(ts|tsx|mts)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|new URL\(\s*["'](\.[^"']+)["']\s*,\s*import\.meta\.url/g;
const PUBLIC_FILES = new Set(["index.ts", "service.ts"]);
const LOW_LAYERS = ["server/lib/", "server/db/", "server/outbound/", "server/plugins/"];

/** Every source file under `dir`, relative to the root with forward slashes. */
function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(full);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        found.push(path.relative(root, full).split(path.sep).join("/"));
      }
    }
  };
  walk(path.join(root, dir));
  return found;
}

/** Strips comments so a commented-out import is not read as one (strings are left alone). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Relative imports of each file, resolved to files relative to the root. */
export type Import = { from: string; to: string };

export function importsOf(files: string[]): Import[] {
  const edges: Import[] = [];
  for (const file of files) {
    const source = withoutComments(fs.readFileSync(path.join(root, file), "utf8"));
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier?.startsWith(".")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      edges.push({ from: file, to: target });
    }
  }
  return edges;
}

const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)(test|fixtures)\//.test(file) || file.startsWith("server/samples/");
const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const featureOf = (file: string) => /^web\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** The broken rules, one sentence each, and the module graph of production code. */
export type ModuleGraph = Map<string, Set<string>>;

export function checkBoundaries(edges: Import[]): { problems: string[]; graph: ModuleGraph } {
  const problems: string[] = [];
  const graph: ModuleGraph = new Map();
  for (const { from, to } of edges) {
    const test = isTestCode(from);
    if (from.startsWith("web/") && to.startsWith("server/"))
      problems.push(`${from} imports ${to}: web never imports server`);
    if (from.startsWith("contracts/") && !to.startsWith("contracts/"))
      problems.push(`${from} imports ${to}: contracts import nothing of the app`);
    const [fromFeature, toFeature] = [featureOf(from), featureOf(to)];
    if (fromFeature && toFeature && fromFeature !== toFeature)
      problems.push(
        `${from} imports ${to}: a web feature never imports another (shared pieces go to web/components or web/lib, combining pages to web/app/pages)`,
      );
    if (test) continue;
    const toModule = moduleOf(to);
    if (toModule && LOW_LAYERS.some((layer) => from.startsWith(layer)))
      problems.push(`${from} imports ${to}: ${from.split("/").slice(0, 2).join("/")} never imports a module`);
    const fromModule = moduleOf(from);
    if (fromModule && toModule && fromModule !== toModule) {
      if (path.posix.dirname(to) !== `server/modules/${toModule}` || !PUBLIC_FILES.has(path.posix.basename(to)))
        problems.push(
          `${from} imports ${to}: another module is imported through its public file (server/modules/${toModule}/index.ts or service.ts)`,
        );
      if (!graph.has(fromModule)) graph.set(fromModule, new Set());
      graph.get(fromModule)?.add(toModule);
    }
  }
  for (const group of cyclesOf(graph))
    problems.push(`these modules import one another in a cycle: ${group.join(", ")}`);
  return { problems, graph };
}

/** Strongly connected groups of more than one module (Tarjan), each as a closed path of names. */
function cyclesOf(graph: ModuleGraph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((to) => [...to])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      for (let member = stack.pop() as string; ; member = stack.pop() as string) {
        onStack.delete(member);
        group.push(member);
        if (member === node) break;
      }
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

/** The module graph as floors: each module one floor above the highest module it imports. */
export function drawGraph(graph: ModuleGraph, modules: string[]): string {
  const floorOf = new Map<string, number>();
  const floor = (name: string, seen = new Set<string>()): number => {
    const known = floorOf.get(name);
    if (known !== undefined) return known;
    if (seen.has(name)) return 0;
    seen.add(name);
    const below = [...(graph.get(name) ?? [])].map((to) => floor(to, seen));
    const at = below.length === 0 ? 0 : Math.max(...below) + 1;
    floorOf.set(name, at);
    return at;
  };
  for (const name of modules) floor(name);
  const floors = Math.max(...floorOf.values());
  const lines: string[] = [];
  for (let at = floors; at >= 0; at--) {
    lines.push(`floor ${at}`);
    for (const name of modules.filter((m) => floorOf.get(m) === at)) {
      const to = [...(graph.get(name) ?? [])].sort();
      lines.push(`  ${name}${to.length > 0 ? ` → ${to.join(", ")}` : ""}`);
    }
  }
  return lines.join("\n");
}

function main() {
  const files = ["server", "web", "contracts"].flatMap(sourcesUnder);
  const { problems, graph } = checkBoundaries(importsOf(files));
  const modules = fs
    .readdirSync(path.join(root, "server", "modules"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const drawn = ["```text", drawGraph(graph, modules), "```"].join("\n");
  const architecture = fs.readFileSync(ARCHITECTURE, "utf8");
  const start = architecture.indexOf(GRAPH_START);
  const end = architecture.indexOf(GRAPH_END);
  if (start < 0 || end < start)
    problems.push(`docs/architecture.md has no module graph between ${GRAPH_START} and ${GRAPH_END}`);
  else {
    const current = architecture.slice(start + GRAPH_START.length, end).trim();
    if (current !== drawn) {
      if (process.argv.includes("--write")) {
        fs.writeFileSync(
          ARCHITECTURE,
          `${architecture.slice(0, start + GRAPH_START.length)}\n${drawn}\n${architecture.slice(end)}`,
        );
        console.log("docs/architecture.md: module graph redrawn");
      } else problems.push("docs/architecture.md's module graph is not the code's: run npm run lint -- --write");
    }
  }
  if (problems.length > 0) {
    console.error(
      `Architecture boundaries broken (docs/architecture.md):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
