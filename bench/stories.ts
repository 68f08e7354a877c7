/**
 * `npm run bench:stories [sizes…]`: Gemwire's story clustering against the naive way
 * (every pair's ratio computed) on generated headline sets — by default 1,000, 5,000 and
 * 20,000 titles. Prints each side's time, the speed-up, and how far Gemwire agrees with
 * naive: similar pairs found / naive's pairs, and whether the clusters are identical.
 * Naive at 20,000 titles takes several minutes on its own; pass smaller sizes for a quick run.
 */
import { clusterTitles, similarPairs } from "../server/modules/stories/cluster.ts";
import { groupsOf } from "../server/modules/stories/groups.ts";
import { similarPairsNaive } from "../server/modules/stories/naive.ts";
import { generateHeadlines } from "./headlines.ts";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 1);
const runs = sizes.length > 0 ? sizes : [1000, 5000, 20000];

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

/** Median of three runs, so one slow garbage collection does not decide the figure. */
function medianMs(work: () => unknown): number {
  const times = [0, 1, 2].map(() => timed(work).ms).sort((a, b) => a - b);
  return times[1] as number;
}

const canonical = (groups: number[][]) =>
  groups
    .map((group) => group.join(","))
    .sort()
    .join("|");

const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

// Warm the code paths up, so the first size is not charged for compilation.
clusterTitles(generateHeadlines(500, 7));

type Row = { n: number; naiveMs: number; fastMs: number; recall: number; identical: boolean; largest: number };
const rows: Row[] = [];
for (const n of runs) {
  const titles = generateHeadlines(n);
  // Gemwire first, on a fresh heap, then the naive pass (which also gives the truth).
  process.stdout.write(`${n} titles: Gemwire… `);
  const fastMs = medianMs(() => clusterTitles(titles));
  process.stdout.write(`${seconds(fastMs)}; naive… `);
  const naive = timed(() => {
    const pairs = similarPairsNaive(titles);
    return { pairs, groups: groupsOf(n, pairs) };
  });
  process.stdout.write(`${seconds(naive.ms)}; `);
  const fastGroups = clusterTitles(titles);
  const found = new Set(similarPairs(titles).map(([i, j]) => i * n + j));
  const agreed = naive.value.pairs.filter(([i, j]) => found.has(i * n + j)).length;
  const row = {
    n,
    naiveMs: naive.ms,
    fastMs,
    recall: naive.value.pairs.length === 0 ? 1 : agreed / naive.value.pairs.length,
    identical: canonical(fastGroups) === canonical(naive.value.groups),
    largest: Math.max(0, ...naive.value.groups.map((group) => group.length)),
  };
  rows.push(row);
  console.log(`${(naive.ms / fastMs).toFixed(0)}× faster; pairs ${agreed}/${naive.value.pairs.length}`);
}

console.log("\n| titles | naive | Gemwire | speed-up | pairs found / naive | clusters identical | largest story |");
console.log("|---:|---:|---:|---:|---:|:---:|---:|");
for (const row of rows) {
  console.log(
    `| ${row.n} | ${seconds(row.naiveMs)} | ${seconds(row.fastMs)} | ${(row.naiveMs / row.fastMs).toFixed(1)}× | ${(row.recall * 100).toFixed(3)}% | ${row.identical ? "yes" : "no"} | ${row.largest} |`,
  );
}

const at = (n: number) => rows.find((row) => row.n === n);
const targets: string[] = [];
const small = rows.filter((row) => row.n <= 5000);
if (small.length > 0)
  targets.push(`identical clusters at ≤ 5k titles: ${small.every((row) => row.identical) ? "met" : "MISSED"}`);
const five = at(5000);
if (five)
  targets.push(
    `≥ 30× faster at 5k: ${five.naiveMs / five.fastMs >= 30 ? "met" : "MISSED"} (${(five.naiveMs / five.fastMs).toFixed(1)}×)`,
  );
const twenty = at(20000);
if (twenty) {
  targets.push(`under 5 s at 20k: ${twenty.fastMs < 5000 ? "met" : "MISSED"} (${seconds(twenty.fastMs)})`);
  targets.push(
    `≥ 99.9% of naive's pairs at 20k: ${twenty.recall >= 0.999 ? "met" : "MISSED"} (${(twenty.recall * 100).toFixed(3)}%)`,
  );
}
console.log(`\nTargets (single-threaded, this machine):\n${targets.map((line) => `- ${line}`).join("\n")}`);
if (targets.some((line) => line.includes("MISSED"))) process.exitCode = 1;
