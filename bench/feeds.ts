// `npm run bench:feeds`: parse + normalise throughput of Gemwire's feed parser against
// rss-parser on the same corpus, in one run. Target: at least 1.5x rss-parser.
import Parser from "rss-parser";
import { parseFeed } from "../server/modules/feeds/parse/parse-feed.ts";
import { feedCorpus } from "./feed-corpus.ts";
import { benchTagScan } from "./tag-scan.ts";
import { judge, sized } from "./tiny.ts";

const TARGET = 1.5;
const ROUNDS = sized(5, 1);
const corpus = feedCorpus();
const megabytes = corpus.reduce((sum, feed) => sum + Buffer.byteLength(feed), 0) / 1024 / 1024;
const fetchedAt = new Date("2026-11-22T12:00:00Z");
const rssParser = new Parser();

async function measure(name: string, parseAll: () => Promise<number>) {
  await parseAll(); // warm-up
  let best = Number.POSITIVE_INFINITY;
  let items = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    items = await parseAll();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  const perSecond = (items / best) * 1000;
  console.log(
    `${name.padEnd(12)} ${items} items in ${best.toFixed(1)} ms (best of ${ROUNDS})  →  ${Math.round(perSecond).toLocaleString("en")} items/s`,
  );
  return perSecond;
}

console.log(
  `Corpus: ${corpus.length} feeds (RSS 2.0 with CDATA bodies and media tags, YouTube and Reddit Atom, RSS 1.0), ${megabytes.toFixed(1)} MB\n`,
);
const ours = await measure("gemwire", async () =>
  corpus.reduce((n, feed) => n + parseFeed(feed, { fetchedAt }).length, 0),
);
const theirs = await measure("rss-parser", async () => {
  let n = 0;
  for (const feed of corpus) n += (await rssParser.parseString(feed)).items.length;
  return n;
});
const ratio = ours / theirs;
console.log(`\nratio: ${ratio.toFixed(2)}x rss-parser (target ≥ ${TARGET}x) — ${ratio >= TARGET ? "PASS" : "FAIL"}`);
benchTagScan();
judge(ratio < TARGET);
