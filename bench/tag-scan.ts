// Part of `npm run bench:feeds`: members' OPML files and site pages are read by one tag
// scanner (server/lib/html/tags.ts) that must stay linear on hostile input.
// For each pattern: the time for 1 MB, and the ratio when the input doubles (~2 when linear).

import { scanTags } from "../server/lib/html/tags.ts";
import { readOpml } from "../server/modules/member-feeds/opml.ts";
import { sized } from "./tiny.ts";

const MB = sized(1024 * 1024, 64 * 1024);
const ROUNDS = sized(15, 1);

function best(run: () => void): number {
  run(); // warm-up
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    run();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return fastest;
}

/** As discovery scans a page (discover.ts reads only its first 512 KB; the scanner is timed on more). */
const page = { names: new Set(["base", "link"]) };
const html = (text: string) => scanTags(text, page, () => {});
/** A hostile file is refused as cut short once read to its end; the time to get there is what counts. */
const opml = (text: string) => {
  try {
    readOpml(text);
  } catch (error) {
    if (!/cut short/.test((error as Error).message)) throw error;
  }
};

const cases: Array<[string, string, (text: string) => void]> = [
  ["OPML", "<outline '", opml],
  ["OPML", '<outline a="', opml],
  ["OPML", "<!--", opml],
  ["HTML", "<link ", html],
  ["HTML", "<link href='", html],
  ["HTML", "<script>", html],
  ["HTML", "<a <link ", html],
];

/** `unit` repeated to `bytes`, as one flat string (a repeat is a rope until first read), behind `<opml>`. */
function hostile(unit: string, bytes: number): string {
  const text = `<opml>${unit.repeat(Math.ceil(bytes / unit.length))}`;
  text.indexOf("\0");
  return text;
}

export function benchTagScan(): void {
  console.log(`\nMember feeds' tag scanner on hostile input (best of ${ROUNDS}):`);
  for (const [kind, unit, read] of cases) {
    const [single, double] = [hostile(unit, MB), hostile(unit, 2 * MB)];
    const one = best(() => read(single));
    const two = best(() => read(double));
    console.log(
      `${kind} ${JSON.stringify(unit).padEnd(14)} ${MB / 1024} KB in ${one.toFixed(1).padStart(6)} ms, twice that in ${two.toFixed(1).padStart(6)} ms  →  ×${(two / one).toFixed(2)} (linear ≈ 2)`,
    );
  }
}
