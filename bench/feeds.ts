// `npm run bench:feeds`: parse + normalise throughput of Gemwire's feed parser against
// rss-parser on the same corpus, in one run. Target: at least 2.5x rss-parser.
import Parser from "rss-parser";
import { parseFeed } from "../server/lib/feed-reader/parse-feed.ts";
import { feedCorpus } from "./feed-corpus.ts";
import { benchTagScan } from "./tag-scan.ts";
import { judge, sized } from "./tiny.ts";

const TARGET = 2.5;
const ROUNDS = sized(15, 1);
const corpus = feedCorpus();
const megabytes = corpus.reduce((sum, feed) => sum + Buffer.byteLength(feed), 0) / 1024 / 1024;
const fetchedAt = new Date("2026-11-22T12:00:00Z");
const rssParser = new Parser();

type Parse = () => Promise<number>;

/**
 * The best time of each parser over ROUNDS rounds, the two taking turns within each round,
 * so a busy moment on a shared machine slows both alike instead of one of them.
 */
async function measure(parsers: Array<[name: string, parseAll: Parse]>): Promise<number[]> {
  for (const [, parseAll] of parsers) await parseAll(); // warm-up
  const best = parsers.map(() => Number.POSITIVE_INFINITY);
  const items = parsers.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, parseAll]] of parsers.entries()) {
      const started = process.hrtime.bigint();
      items[i] = await parseAll();
      best[i] = Math.min(best[i] as number, Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return parsers.map(([name], i) => {
    const perSecond = ((items[i] as number) / (best[i] as number)) * 1000;
    console.log(
      `${name.padEnd(12)} ${items[i]} items in ${(best[i] as number).toFixed(1)} ms (best of ${ROUNDS})  →  ${Math.round(perSecond).toLocaleString("en")} items/s`,
    );
    return perSecond;
  });
}

console.log(
  `Corpus: ${corpus.length} feeds (RSS 2.0 with CDATA bodies and media tags, YouTube and Reddit Atom, RSS 1.0), ${megabytes.toFixed(1)} MB\n`,
);
const [ours = 0, theirs = 1] = await measure([
  ["gemwire", async () => corpus.reduce((n, feed) => n + parseFeed(feed, { fetchedAt }).length, 0)],
  [
    "rss-parser",
    async () => {
      let n = 0;
      for (const feed of corpus) n += (await rssParser.parseString(feed)).items.length;
      return n;
    },
  ],
]);
const ratio = ours / theirs;
console.log(`\nratio: ${ratio.toFixed(2)}x rss-parser (target ≥ ${TARGET}x) — ${ratio >= TARGET ? "PASS" : "FAIL"}`);
benchTagScan();
judge(ratio < TARGET);
