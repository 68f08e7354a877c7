// `npm run bench:analysis`: what an article analysis and a trends list cost on the main
// paths, and how that cost grows when the input doubles (about 2× is linear; the ranking
// is bounded, so its time stays flat past 300 sentences). Figures, not pass/fail: the test
// suite checks behaviour, this prints speed.

import { trafficNumber } from "../contracts/trends-catalog.ts";
import { keyPoints } from "../server/lib/text/key-points.ts";
import { splitSentences } from "../server/lib/text/sentences.ts";
import { CoinIndex } from "../server/modules/coins/coin-index.ts";
import { tagArticle } from "../server/modules/coins/coin-tags.ts";
import { TickerCount } from "../server/modules/coins/tickers.ts";
import { dedupeByContainment } from "../server/modules/trends/dedupe.ts";
import { sized } from "./tiny.ts";

const ROUNDS = sized(5, 1);

function best(run: () => unknown): number {
  run(); // warm-up
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    run();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return fastest;
}

function row(name: string, small: number, large: number, sizes: string) {
  console.log(
    `${name.padEnd(44)} ${small.toFixed(1).padStart(8)} ms ${large.toFixed(1).padStart(8)} ms  ×${(large / small).toFixed(2)}  (${sizes})`,
  );
}

const paragraphs = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Paragraph ${i} says the network processed blocks ${i} and ${i + 1} without delay. Fees fell ${i % 9}% on the day.`,
  );
const coins = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    symbol: `C${i.toString(36).toUpperCase()}X`,
    name: `Coin Number ${i}`,
    solana: i % 3 === 0,
  }));
const index = new CoinIndex(coins(17_000), "coin list");
const mentions = (n: number) => "Ondo (ONDO) and $SOL rose on Avalanche while Bitcoin Cash fell, ".repeat(n);
/** Stored articles as a feed gives them: a headline and a description of a few hundred characters. */
const articles = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    title: `Solana (SOL) and Bitcoin rally ${i}% as Jupiter traders pile in`,
    description: `Market report ${i}: $SOL rose while BTC held steady; analysts at the firm said the ETF flows `.repeat(
      4,
    ),
  }));
const trends = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `topic ${i} news ${i % 7}`, trafficNumber: i % 500, pubDate: i }));

console.log(`${"".padEnd(44)} ${"n".padStart(11)} ${"2n".padStart(11)}  growth\n`);
row(
  "key points (TextRank, ranks ≤300 sentences)",
  best(() => keyPoints(paragraphs(1_000), "en")),
  best(() => keyPoints(paragraphs(2_000), "en")),
  "1,000 / 2,000 paragraphs",
);
row(
  'sentence split of initials "J. J. …"',
  best(() => splitSentences(["J. ".repeat(16_500)], "en", 1_000)),
  best(() => splitSentences(["J. ".repeat(33_000)], "en", 1_000)),
  "50k / 100k characters",
);
row(
  "coin index build",
  best(() => new CoinIndex(coins(8_500), "coin list")),
  best(() => new CoinIndex(coins(17_000), "coin list")),
  "8,500 / 17,000 coins",
);
row(
  "ticker count in one paragraph",
  best(() => new TickerCount(index).count(mentions(750))),
  best(() => new TickerCount(index).count(mentions(1_500))),
  "48k / 97k characters",
);
row(
  "trends dedupe by containment",
  best(() => dedupeByContainment(trends(1_000))),
  best(() => dedupeByContainment(trends(2_000))),
  "1,000 / 2,000 titles (pairwise: ~4× expected)",
);
row(
  "traffic text with 50k spaces (no backtracking)",
  best(() => trafficNumber(`1${" ".repeat(25_000)}x`)),
  best(() => trafficNumber(`1${" ".repeat(50_000)}x`)),
  "25k / 50k characters",
);
row(
  "coin tags (title + description, 17k-coin index)",
  best(() => articles(1_000).map((article) => tagArticle(index, article))),
  best(() => articles(2_000).map((article) => tagArticle(index, article))),
  "1,000 / 2,000 articles",
);
